import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

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

/** What index.html's boot script preloads (`#first-screen`): each language's texts, and the
 * calendar's screen with every chunk it imports (the configured texts' sanitizer included:
 * the notice opens on a first visit). */
function firstScreen(): Plugin {
  const chunkOf = (bundle: OutputBundle, source: string) =>
    Object.values(bundle).find((item): item is OutputChunk => item.type === 'chunk' && item.moduleIds.some((id) => id.endsWith(source)));
  const graph = (bundle: OutputBundle, chunk: OutputChunk | undefined, into: Set<string>): Set<string> => {
    if (!chunk || into.has(chunk.fileName)) return into;
    into.add(chunk.fileName);
    for (const name of chunk.imports) graph(bundle, bundle[name] as OutputChunk, into);
    return into;
  };
  return {
    name: 'first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const entry = Object.values(bundle).find((item): item is OutputChunk => item.type === 'chunk' && item.isEntry);
        const loaded = graph(bundle, entry, new Set());
        const screen = new Set<string>();
        graph(bundle, chunkOf(bundle, 'src/features/select/SelectDate.tsx'), screen);
        graph(bundle, chunkOf(bundle, 'src/ui/RichText.tsx'), screen);
        const url = (file: string) => `/${file}`;
        const files = {
          zh: url(chunkOf(bundle, 'src/i18n/zh.ts')!.fileName),
          en: url(chunkOf(bundle, 'src/i18n/en.ts')!.fileName),
          selectDate: [...screen].filter((file) => !loaded.has(file)).map(url),
        };
        return html.replace('<script>', `<script type="application/json" id="first-screen">${JSON.stringify(files)}</script>\n    <script>`);
      },
    },
  };
}

const apiPort = process.env.API_PORT ?? '8080';

/** The app shell offline (docs/architecture.md §10): src/app/serviceWorker.ts precaches the build
 * (the list and its revisions injected here, a new list a new version) and serves index.html for
 * every page; the manifest lets the app be added to a home screen outside the chat app. The
 * registration is the app's own, after the first paint (src/app/appUpdate.ts); none in dev. */
const offlineShell = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/app',
    filename: 'serviceWorker.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifestFilename: 'manifest.webmanifest',
    // The logo and the small icon are precached below; the big icons are the home screen's business.
    includeManifestIcons: false,
    manifest: {
      name: '科技馆票务 Science Museum Tickets',
      short_name: '科技馆票务',
      description: '科技馆参观预约与电子门票 · Science museum bookings and e-tickets',
      lang: 'zh-CN',
      start_url: '/individualCustomers/select/selectDate',
      scope: '/',
      display: 'standalone',
      background_color: '#f4f6fa',
      theme_color: '#1463d8',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/logo.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
      shortcuts: [{ name: '我的门票 My tickets', url: '/individualCustomers/order/myTickets', icons: [{ src: '/icon-192.png', sizes: '192x192' }] }],
    },
    injectManifest: {
      // The code, the styles, the page and the logo: what any screen needs to open. Not the
      // films' posters nor the compressed twins (the server picks those per request).
      globPatterns: ['**/*.{js,css,html}', 'logo.svg', 'icon-192.png'],
      globIgnores: ['**/serviceWorker.js', 'films/**'],
      maximumFileSizeToCacheInBytes: 1024 * 1024,
    },
    devOptions: { enabled: false },
  });

export default defineConfig({
  plugins: [react(), firstScreen(), offlineShell(), precompress()],
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
