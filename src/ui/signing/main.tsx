// The signing page's own entry (sign.html): React, its machine and the signing page, nothing of
// the staff app (docs/product/engagement.md#screens).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../theme/global.css';
import { SigningPage } from './SigningPage';

const container = document.getElementById('root');
if (!container) throw new Error('sign.html has no #root element');

// /sign/<token>: the token is the last part of the address.
const token = decodeURIComponent(window.location.pathname.split('/').filter(Boolean).pop() ?? '');

createRoot(container).render(
  <StrictMode>
    <SigningPage token={token} />
  </StrictMode>,
);
