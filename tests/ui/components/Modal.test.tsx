import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../../src/ui/components/Button';
import { Modal } from '../../../src/ui/components/Modal';

function SaveChanges({ onSave = vi.fn(), closable = true }: { onSave?: () => void; closable?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Save Changes</Button>
      {open && (
        <Modal
          title="Save changes"
          onClose={closable ? () => setOpen(false) : undefined}
          footer={
            <>
              <Button tone="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button onClick={onSave}>Save</Button>
            </>
          }
        >
          <p>Are you sure you want to save the changes you made?</p>
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('is a modal dialog named by its title, with its content and actions', async () => {
    const user = userEvent.setup();
    render(<SaveChanges />);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Save changes' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByText('Are you sure you want to save the changes you made?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('moves focus into the dialog and gives it back to the opener when it closes', async () => {
    const user = userEvent.setup();
    render(<SaveChanges />);
    const opener = screen.getByRole('button', { name: 'Save Changes' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Save changes' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes with Escape when it has onClose', async () => {
    const user = userEvent.setup();
    render(<SaveChanges />);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toHaveFocus();
  });

  it('stays open on Escape without onClose and has no close button', async () => {
    const user = userEvent.setup();
    render(<SaveChanges closable={false} />);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Save changes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('closes from its Close button and from a click on the backdrop', async () => {
    const user = userEvent.setup();
    render(<SaveChanges />);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<SaveChanges onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Save changes' });
    for (let step = 0; step < 5; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('a click inside the dialog does not close it', async () => {
    const user = userEvent.setup();
    render(<SaveChanges />);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(screen.getByText('Are you sure you want to save the changes you made?'));
    expect(screen.getByRole('dialog', { name: 'Save changes' })).toBeInTheDocument();
  });
});
