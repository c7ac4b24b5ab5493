import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/app/App';
import { createAppRouter } from './ui/app/routes';
import './ui/theme/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Created once, outside React, as React Router recommends for data routers.
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
