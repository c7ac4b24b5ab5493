import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import * as css from './HelpPage.css';
import { helpAnchors, paths } from '../../app/paths';

// Optional, set when the app is built: the address of whoever runs this installation for the
// firm. Without it the page names the people every firm has: its owner and administrators.
const supportEmail = (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) || undefined;

/**
 * /help: where 'Forgot password?' and 'Contact support' lead (their destinations are not shown by
 * the spec, docs/product/sign-in-and-session.md). Staff accounts are created by the firm's owner or administrators, and
 * the app has no self-service reset, so the page says whom to ask rather than pretending to send
 * an email.
 */
export function HelpPage() {
  const { hash } = useLocation();

  useEffect(() => {
    // Client-side navigation does not scroll to the #anchor the way a full page load does.
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <main className={css.page}>
      <div className={css.content}>
        <div className={css.brand}>
          <Logo size={48} />
          <h1 className={css.title}>Help</h1>
        </div>
        <section id={helpAnchors.forgotPassword} className={css.section} aria-labelledby="help-forgot-password">
          <h2 id="help-forgot-password" className={css.sectionTitle}>
            Forgot password?
          </h2>
          <p className={css.text}>
            Passwords cannot be reset from the log in screen. Ask your firm&apos;s owner or an administrator to have your password reset.
            Once you are logged in again, you can choose a new password under Account, then Edit Profile.
          </p>
        </section>
        <section id={helpAnchors.contactSupport} className={css.section} aria-labelledby="help-contact-support">
          <h2 id="help-contact-support" className={css.sectionTitle}>
            Contact support
          </h2>
          <p className={css.text}>
            For a page that does not open, a link that leads nowhere or a problem with your account, contact your firm&apos;s owner or an
            administrator. They manage the staff accounts and can reach the people who run this application for your firm.
          </p>
          {supportEmail && (
            <p className={css.text}>
              Support email:{' '}
              <a className={css.link} href={`mailto:${supportEmail}`}>
                {supportEmail}
              </a>
            </p>
          )}
        </section>
        <Link className={css.link} to={paths.login}>
          Back to log in
        </Link>
      </div>
    </main>
  );
}
