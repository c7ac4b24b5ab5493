import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DIRECT_LINK_CODE_WAIT_MS } from './domain/constants';
import { AppFrame } from './ui/app/AppFrame';
import { startDirectLink } from './ui/app/earlyStart';
import { FirstLoad } from './ui/app/FirstLoad';
import './ui/theme/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

function render(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <AppFrame>
        <FirstLoad />
      </AppFrame>
    </StrictMode>,
  );
}

// Before the first render: a signed-in page's code and first call start now (earlyStart.ts). The
// first render waits for that code, up to DIRECT_LINK_CODE_WAIT_MS, so that the page is drawn at
// once instead of after 'Please wait ...' (docs/product/app-shell.md, Direct links).
const codeArriving = startDirectLink(window.location.pathname);
if (codeArriving) {
  const waited = new Promise<void>((resolve) => setTimeout(resolve, DIRECT_LINK_CODE_WAIT_MS));
  void Promise.race([codeArriving, waited]).then(() => render(container));
} else {
  render(container);
}
