import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PARTICIPATIONS } from '@creadefi/domain';
import { buildFile, mockUploads, renderRoute } from '../proposals/test-utils';
import UploadStep from './UploadStep';

function png(name: string, size = 1000) {
  const file = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function showUpload(existing = [] as ReturnType<typeof buildFile>[]) {
  const onFinish = vi.fn();
  const uploads = mockUploads();
  const view = renderRoute(<UploadStep idConcours={7} idParticipation={40} format={1} existing={existing} onFinish={onFinish} />);
  await screen.findByText('Glissez vos fichiers ici ou cliquez pour les choisir');
  const input = view.container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
  // The file picker filters by type; a drop does not, so the dropzone must refuse by itself.
  const user = userEvent.setup({ applyAccept: false });
  return { ...view, input, user, uploads, onFinish };
}

describe('UploadStep', () => {
  it('refuses a sixth file with the exact French text and sends nothing', async () => {
    const { input, user, uploads } = await showUpload();
    await user.upload(input, [1, 2, 3, 4, 5, 6].map((n) => png(`logo-${n}.png`)));
    expect(await screen.findByText(PARTICIPATIONS.tooManyFiles(5))).toBeInTheDocument();
    expect(PARTICIPATIONS.tooManyFiles(5)).toBe('Vous pouvez envoyer au plus 5 fichiers.');
    expect(uploads).toHaveLength(0);
  });

  it('counts the files already sent in an earlier visit', async () => {
    const { input, user, uploads } = await showUpload([1, 2, 3, 4].map((id) => buildFile({ id })));
    await user.upload(input, [png('a.png'), png('b.png')]);
    expect(await screen.findByText('Vous pouvez envoyer au plus 5 fichiers.')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });

  it('refuses a file of the wrong type', async () => {
    const { input, user, uploads } = await showUpload();
    await user.upload(input, new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText("Ce type de fichier n'est pas accepté ici : envoyez un fichier PNG ou JPEG.")).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });

  it('refuses a selection over the total limit, naming both sizes', async () => {
    const { input, user, uploads } = await showUpload();
    await user.upload(input, [png('a.png', 30_000_000), png('b.png', 25_000_000)]);
    expect(await screen.findByText('La taille de vos fichiers est de 55 Mo, alors que le maximum autorisé est de 50 Mo')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });

  it('sends each file with the token, shows its progress, and can cancel it', async () => {
    const { input, user, uploads } = await showUpload();
    await user.upload(input, png('logo.png'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const xhr = uploads[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/participation/addFile/40');
    expect(xhr.headers.authorization).toBe('Bearer test-token');
    // The contest id travels before the file so the server knows the rules first.
    expect([...xhr.body!.keys()]).toEqual(['idConcours', 'fileParticipation']);
    expect(xhr.body!.get('idConcours')).toBe('7');

    act(() => xhr.progress(40, 100));
    const bar = screen.getByRole('progressbar', { name: 'Envoi de logo.png' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));

    await user.click(screen.getByRole('button', { name: "Annuler l'envoi de logo.png" }));
    expect(xhr.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByText('logo.png')).not.toBeInTheDocument());
  }, 15_000);

  it('shows the server refusal beside the file, and finishes once a file is sent', async () => {
    const { input, user, uploads, onFinish } = await showUpload();
    await user.upload(input, [png('a.png'), png('b.png')]);
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.respond(415, { message: { message: "Ce type de fichier n'est pas accepté ici : envoyez un fichier PNG ou JPEG.", code: 415 } }));
    const rows = await screen.findAllByRole('listitem');
    expect(within(rows[0]!).getByText("Ce type de fichier n'est pas accepté ici : envoyez un fichier PNG ou JPEG.")).toBeInTheDocument();

    // The second file goes once the first has ended.
    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() => uploads[1]!.respond(200, { message: PARTICIPATIONS.fileAdded }));
    expect(await screen.findByText(PARTICIPATIONS.fileAdded)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Terminer' }));
    expect(onFinish).toHaveBeenCalled();
  }, 15_000);

  it('offers « Réessayer » only beside a failure that may pass on a second try', async () => {
    const { input, user, uploads } = await showUpload();
    await user.upload(input, [png('copie.png'), png('occupe.png'), png('coupe.png')]);
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.respond(409, { message: { message: 'Vous avez déjà envoyé ce fichier.', code: 409 } }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() => uploads[1]!.respond(503, { message: { message: 'Le service est momentanément indisponible, veuillez réessayer dans un instant.', code: 503 } }));
    await waitFor(() => expect(uploads).toHaveLength(3));
    act(() => uploads[2]!.onerror?.());

    expect(await screen.findByText('Vous avez déjà envoyé ce fichier.')).toBeInTheDocument();
    // A refusal stays a refusal: the file can only be taken out of the list.
    expect(screen.queryByRole('button', { name: 'Réessayer copie.png' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retirer copie.png' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Réessayer occupe.png' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Réessayer coupe.png' })).toBeInTheDocument();
  }, 15_000);
});
