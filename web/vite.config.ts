import { fileURLToPath } from 'node:url';
import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: { proxy: { '/prod-api': 'http://localhost:8080' } },
  build: {
    rolldownOptions: {
      // Two pages: the application, and the print page the print service renders documents on.
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        print: fileURLToPath(new URL('print.html', import.meta.url)),
      },
    },
  },
});
