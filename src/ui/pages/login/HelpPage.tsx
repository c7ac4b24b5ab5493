import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import * as css from './HelpPage.css';
import { helpAnchors, paths } from '../../app/paths';

// Optional, set when the app is built: the address of whoever runs this installation for the
// firm. Without it the page names the people every firm has: its owner and administrators.
const supportEmail = (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) || undefined;

/**
 * /help: where 'Contact support' leads (its destination is not shown by the spec,
 * docs/product/sign-in-and-session.md), and a word on a forgotten password, whose own page is
 * /forgot-password (docs/product/sign-in-and-session.md, Password reset).
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
            Open <Link to={paths.forgotPassword}>Forgot password?</Link> on the log in screen: it emails you a link to choose a new
            password, or, where this server does not send email, your firm&apos;s owner or an administrator can make one for you. Once you
            are logged in, you can also choose a new password under Account, then Edit Profile.
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
