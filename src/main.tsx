import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppFrame } from './ui/app/AppFrame';
import { startDirectLink } from './ui/app/earlyStart';
import { FirstLoad } from './ui/app/FirstLoad';
import './ui/theme/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Before the first render: a signed-in page's code and first call start now (earlyStart.ts).
startDirectLink(window.location.pathname);

createRoot(container).render(
  <StrictMode>
    <AppFrame>
      <FirstLoad />
    </AppFrame>
  </StrictMode>,
);
