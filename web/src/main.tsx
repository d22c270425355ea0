import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { i18nReady } from '@/lib/i18n';
import { App } from '@/app/app';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

// Render once the source-language strings of the first screen are loaded,
// so no key ever flashes on screen.
void i18nReady.then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
