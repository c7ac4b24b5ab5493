// The client's page says why a page cannot be left in the page's own language
// (docs/product/client-intake.md#languages): the form's rules answer codes, and Spanish,
// Vietnamese and English each render them beside the field they concern.
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openClientIntake, type PublicClientIntake } from '../../../src/api/clientIntakePublic';
import type { ClientLanguage } from '../../../src/domain/intake';
import { clientTexts } from '../../../src/domain/intake/clientTexts';
import type { SavedClientAnswers } from '../../../src/machines/clientIntake.machine';
import { ClientIntakePage } from '../../../src/ui/clientIntake/ClientIntakePage';
import { keyOf } from '../../../src/ui/clientIntake/savedAnswers';

vi.mock('../../../src/api/clientIntakePublic', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/clientIntakePublic')>()),
  openClientIntake: vi.fn(),
  submitClientIntake: vi.fn(),
}));

const TOKEN = 'client-token';
const EXPIRES = '2999-01-01T00:00:00.000Z';

function linkIn(language: ClientLanguage): PublicClientIntake {
  return { firstName: 'Ana', firmName: 'Example Law', language, expiresAt: EXPIRES };
}

/** The personal page with its last name missing, a birth date after today and an e-mail that is none, sent forward. */
async function personalPageRefused(language: ClientLanguage) {
  vi.mocked(openClientIntake).mockResolvedValue(linkIn(language));
  const texts = clientTexts(language);
  const user = userEvent.setup();
  render(<ClientIntakePage token={TOKEN} />);
  await user.click(await screen.findByRole('button', { name: texts.page.start }));
  fireEvent.change(screen.getByLabelText(texts.fields['personalInformation.birthDate'].label), { target: { value: '2999-01-01' } });
  await user.type(screen.getByLabelText(texts.fields['personalInformation.email'].label), 'nope');
  await user.click(screen.getByRole('button', { name: texts.page.next }));
  return (path: 'personalInformation.lastName' | 'personalInformation.birthDate' | 'personalInformation.email') =>
    screen.getByLabelText(texts.fields[path].label);
}

beforeEach(() => {
  vi.mocked(openClientIntake).mockReset();
});

describe("the client page's messages", () => {
  it('are Spanish on a Spanish page', async () => {
    const field = await personalPageRefused('es');
    expect(field('personalInformation.lastName')).toHaveAccessibleDescription('Escriba sus apellidos');
    expect(field('personalInformation.birthDate')).toHaveAccessibleDescription('La fecha de nacimiento no puede ser posterior a hoy');
    expect(field('personalInformation.email')).toHaveAccessibleDescription('Escriba un correo electrónico válido');
  });

  it('are Vietnamese on a Vietnamese page', async () => {
    const field = await personalPageRefused('vi');
    expect(field('personalInformation.lastName')).toHaveAccessibleDescription('Vui lòng nhập họ của quý vị');
    expect(field('personalInformation.birthDate')).toHaveAccessibleDescription('Ngày sinh không được sau ngày hôm nay');
    expect(field('personalInformation.email')).toHaveAccessibleDescription('Vui lòng nhập email hợp lệ');
  });

  it("are the staff form's own on an English page", async () => {
    const field = await personalPageRefused('en');
    expect(field('personalInformation.lastName')).toHaveAccessibleDescription('Please enter your Last Name');
    expect(field('personalInformation.birthDate')).toHaveAccessibleDescription('Birth date cannot be in the future');
    expect(field('personalInformation.email')).toHaveAccessibleDescription('Please enter a valid email');
  });

  it('carry their numbers into the language', async () => {
    // Back on the incident page with more passengers than a form takes.
    const saved: SavedClientAnswers = {
      changes: [
        { path: 'personalInformation.passengers', value: true },
        { path: 'personalInformation.passengerCount', value: 101 },
      ],
      step: 1,
      fullName: '',
      consent: false,
      language: 'es',
    };
    localStorage.setItem(keyOf(TOKEN), JSON.stringify({ expiresAt: EXPIRES, saved }));
    vi.mocked(openClientIntake).mockResolvedValue(linkIn('es'));
    const texts = clientTexts('es');
    const user = userEvent.setup();
    render(<ClientIntakePage token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: texts.page.next }));
    expect(screen.getByLabelText(texts.fields['personalInformation.passengerCount'].label)).toHaveAccessibleDescription(
      'Escriba un número no mayor que 100',
    );
    expect(screen.getByLabelText(texts.fields['incidentDescription.city'].label)).toHaveAccessibleDescription('Indique la ciudad');
  });
});
