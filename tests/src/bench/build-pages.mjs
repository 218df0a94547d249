// Builds the two pages the web bench compares, in a plain Node process with the web's own Vite
// and React plugin (a build inside the bench's TypeScript loader would see its module rewriting):
//   node build-pages.mjs <web outDir> <empty app outDir>
// The web is built from web/vite.config.ts with a manifest; the empty page is the smallest React
// page a Vite template makes: a form that, submitted, makes the web's own `/login` call and then
// shows a heading.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');
const [webOut, emptyOut] = process.argv.slice(2);
if (!webOut || !emptyOut) throw new Error('usage: build-pages.mjs <web outDir> <empty outDir>');
process.env.NODE_ENV = 'production';

const require = createRequire(path.join(WEB, 'package.json'));
const { build } = await import(pathToFileURL(require.resolve('vite')).href);
const { default: react } = await import(
  pathToFileURL(require.resolve('@vitejs/plugin-react')).href
);
// The empty page lives outside the repository, so React comes from where the web gets it.
const pkg = (name) => path.dirname(require.resolve(`${name}/package.json`));

const EMPTY_APP = {
  'index.html': `<!doctype html>
<html lang="zh-CN">
  <head><meta charset="UTF-8" /><title>empty</title></head>
  <body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body>
</html>
`,
  'src/main.jsx': `import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  const [user, setUser] = useState('');
  if (user) return <h1 data-testid="welcome">欢迎，{user}</h1>;
  return (
    <form
      onSubmit={async (e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        const username = String(form.get('username'));
        const res = await fetch('/prod-api/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username, password: String(form.get('password')) }),
        });
        const { token } = await res.json();
        if (res.ok && token) setUser(username);
      }}
    >
      <input id="login-username" name="username" />
      <input id="login-password" name="password" type="password" />
      <button type="submit">登 录</button>
    </form>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`,
};

await build({
  root: WEB,
  configFile: path.join(WEB, 'vite.config.ts'),
  logLevel: 'warn',
  build: { outDir: webOut, emptyOutDir: true, manifest: true },
});

const emptyRoot = mkdtempSync(path.join(tmpdir(), 'dpms-empty-react-'));
try {
  for (const [file, text] of Object.entries(EMPTY_APP)) {
    mkdirSync(path.dirname(path.join(emptyRoot, file)), { recursive: true });
    writeFileSync(path.join(emptyRoot, file), text);
  }
  await build({
    root: emptyRoot,
    configFile: false,
    plugins: [react()],
    resolve: { alias: { react: pkg('react'), 'react-dom': pkg('react-dom') } },
    logLevel: 'warn',
    build: { outDir: emptyOut, emptyOutDir: true, manifest: true },
  });
} finally {
  rmSync(emptyRoot, { recursive: true, force: true });
}
