import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signedInAs } from './harness';
import { withEmptyIntakeList } from './emptyIntakeList';

vi.mock('../../../src/api/intakes', (importOriginal) => withEmptyIntakeList(importOriginal));

/** Serious and critical axe findings, as "rule: target" lines that say what to fix. */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { resultTypes: ['violations'] });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

describe('accessibility of the shell (axe)', () => {
  it('finds nothing serious on the login screen, also with validation messages shown', async () => {
    renderApp({ path: '/login' });
    await screen.findByRole('heading', { name: 'Log in' });
    expect(await seriousViolations()).toEqual([]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Email is required');
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds nothing serious in the dashboard layout, with the drawer closed and open', async () => {
    signedInAs('owner');
    renderApp({ path: '/intake-list' });
    await screen.findByRole('heading', { name: 'Intakes' });
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Menu' }));
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds nothing serious on the not-found and Forbidden pages', async () => {
    signedInAs('representative');
    const notFound = renderApp({ path: '/nowhere' });
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(await seriousViolations()).toEqual([]);
    notFound.unmount();

    renderApp({ path: '/employees' });
    await screen.findByRole('heading', { name: 'Forbidden' });
    expect(await seriousViolations()).toEqual([]);
  });
});
