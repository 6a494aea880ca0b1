import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/uploads': api },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    // scripts/prerender-home.mjs reads it for the home route's chunks.
    manifest: true,
  },
});
