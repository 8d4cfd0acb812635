import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@creadefi/domain';
import { meRoute, renderWithProviders, stubApi } from '../../test/render';
import { Footer } from './Footer';

async function fillContactForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/Nom/), 'Camille Martin');
  await user.type(screen.getByLabelText(/E-mail/), 'camille@example.fr');
  await user.type(screen.getByLabelText(/Objet/), 'Un partenariat');
  await user.type(screen.getByLabelText(/Message/), 'Bonjour, parlons-en !');
}

describe('Footer', { timeout: 20_000 }, () => {
  it('refuses an empty contact form, field by field, and sends nothing', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<Footer />);

    await user.click(await screen.findByRole('button', { name: 'Envoyer' }));

    expect(await screen.findAllByText(MESSAGES.common.requiredField)).toHaveLength(3);
    expect(screen.getByText(MESSAGES.common.invalidEmail)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/contact')).toHaveLength(0);
  });

  it('checks the e-mail format', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<Footer />);
    await user.type(await screen.findByLabelText(/E-mail/), 'pas-une-adresse');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText(MESSAGES.common.invalidEmail)).toBeInTheDocument();
  });

  it('posts the message to /api/contact and shows the server’s answer', async () => {
    const calls = stubApi({ 'POST /api/contact': { body: { message: 'Message bien reçu, merci !' } } });
    const user = userEvent.setup();
    renderWithProviders(<Footer />);

    await fillContactForm(user);
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText('Message bien reçu, merci !')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/contact').map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/api/contact', body: { name: 'Camille Martin', email: 'camille@example.fr', objet: 'Un partenariat', message: 'Bonjour, parlons-en !' } },
    ]);
    // The form is emptied for a next message.
    await waitFor(() => expect(screen.getByLabelText(/Objet/)).toHaveValue(''));
  });

  it('shows the server’s error and keeps what was typed', async () => {
    stubApi({ 'POST /api/contact': { status: 429, body: { message: { message: MESSAGES.common.tooManyRequests, code: 429 } } } });
    const user = userEvent.setup();
    renderWithProviders(<Footer />);

    await fillContactForm(user);
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText(MESSAGES.common.tooManyRequests)).toBeInTheDocument();
    expect(screen.getByLabelText(/Objet/)).toHaveValue('Un partenariat');
  });

  it('lists the categories without links for visitors, with links for members', async () => {
    stubApi(meRoute());
    const guest = renderWithProviders(<Footer />);
    const guestNav = screen.getByRole('navigation', { name: 'Catégories' });
    expect(within(guestNav).getByText('Design')).toBeInTheDocument();
    expect(within(guestNav).queryAllByRole('link')).toHaveLength(0);
    guest.unmount();

    renderWithProviders(<Footer />, { signedIn: true });
    const memberNav = screen.getByRole('navigation', { name: 'Catégories' });
    expect(await within(memberNav).findByRole('link', { name: 'Design' })).toHaveAttribute('href', '/concours/design');
    expect(within(memberNav).getAllByRole('link')).toHaveLength(7);
  });

  it('links the legal pages, the FAQ and the blog (in a new tab) and states the current year', () => {
    stubApi();
    renderWithProviders(<Footer />);
    const about = screen.getByRole('navigation', { name: 'À propos' });
    expect(within(about).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(about).getByRole('link', { name: 'Trouver des talents' })).toHaveAttribute('href', '/talents');
    expect(within(about).getByRole('link', { name: 'CGU' })).toHaveAttribute('href', '/cgu');
    expect(within(about).getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute('href', '/politique-confidentialite');
    const blog = within(about).getByRole('link', { name: /Blog/ });
    expect(blog).toHaveAttribute('href', 'https://blog.creadefi.fr');
    expect(blog).toHaveAttribute('target', '_blank');
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} Créadéfi`))).toBeInTheDocument();
  });
});
