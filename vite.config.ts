import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = process.env.API_PORT ?? '8080';

export default defineConfig({
  plugins: [react()],
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
