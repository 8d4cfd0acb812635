/**
 * An open contest's proposals as the talents see them (docs/product.md §3 "Concours ouvert"):
 * each proposal's preview images, by number and author; never an original.
 */
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { FORMATS } from '@creadefi/domain';
import { AuthorisedImage } from '../../ui/AuthorisedImage';
import { cardClass } from '../../ui/card';
import { useGallery } from './formats-api';
import classes from './ContestDetailsPage.module.css';

const F = FORMATS;

export function OpenGallery({ idConcours }: { idConcours: number }) {
  const gallery = useGallery(idConcours, true);
  const proposals = gallery.data?.proposals ?? [];
  return (
    <Paper className={cardClass(classes.card)} component="section" aria-labelledby="gallery-title">
      <Title order={2} id="gallery-title" className={classes.sectionTitle}>
        {F.galleryTitle}
      </Title>
      {gallery.isSuccess && proposals.length === 0 && <Text c="dimmed">{F.galleryEmpty}</Text>}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {proposals.flatMap((p) =>
          p.previews.map((fileId) => (
                <figure key={fileId} style={{ margin: 0 }}>
                  <div style={{ aspectRatio: '4 / 3', borderRadius: 12, overflow: 'hidden', background: 'var(--mantine-color-gray-1)' }}>
                    <AuthorisedImage src={`/api/files/${fileId}/preview`} alt={F.proposalOf(p.number ?? 0, p.pseudo)} />
                  </div>
                  <Text component="figcaption" fz="xs" c="dimmed" mt={4}>
                    {F.proposalOf(p.number ?? 0, p.pseudo)}
                    {p.isFinalist ? ` · ${F.finalistBadge}` : ''}
                  </Text>
                </figure>
          )),
        )}
      </SimpleGrid>
    </Paper>
  );
}
