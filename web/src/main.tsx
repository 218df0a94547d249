import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <main className="p-8 text-slate-700">设计项目管理系统</main>
    </StrictMode>,
  );
}
