// The client page's own entry (client-intake.html): React, its machine and the client's form,
// nothing of the staff app (docs/product/client-intake.md).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../theme/global.css';
import { ClientIntakePage } from './ClientIntakePage';

const container = document.getElementById('root');
if (!container) throw new Error('client-intake.html has no #root element');

// /client-intake/<token>: the token is the last part of the address.
const token = decodeURIComponent(window.location.pathname.split('/').filter(Boolean).pop() ?? '');

createRoot(container).render(
  <StrictMode>
    <ClientIntakePage token={token} />
  </StrictMode>,
);
