import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Brotli and gzip twins of every text file of the build, made once here so the server sends
 * them as they are (@fastify/static `preCompressed`) instead of compressing per request. */
function precompress(): Plugin {
  let outDir = 'dist';
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : [full];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    closeBundle() {
      for (const file of files(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || statSync(file).size < 1024) continue;
        const bytes = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

const apiPort = process.env.API_PORT ?? '8080';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    // `npm run dev`: Vite serves the client with hot reload, the API server runs beside it.
    proxy: { '/prod-api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    target: 'es2019',
    // scripts/budget.mjs reads the chunk graph from the manifest.
    manifest: true,
    chunkSizeWarningLimit: 300,
  },
});
