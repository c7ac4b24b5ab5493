import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppFrame } from './ui/app/AppFrame';
import { FirstLoad } from './ui/app/FirstLoad';
import './ui/theme/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppFrame>
      <FirstLoad />
    </AppFrame>
  </StrictMode>,
);
