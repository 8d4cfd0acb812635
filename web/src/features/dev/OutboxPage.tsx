/**
 * Development page: the mails the outbox transport wrote instead of sending them, so a person
 * can follow a verification or reset link without a mail server. It exists only where the
 * server keeps such an outbox (never in production): elsewhere its address is an unknown
 * page like any other, and nothing is asked of the server.
 */
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Button, Container, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconInbox, IconRefresh } from '@tabler/icons-react';
import { formatDate, formatTime } from '@creadefi/domain';
import { api, ApiError } from '../../api/client';
import { useAppConfig } from '../../api/app-config';

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  date: string;
  link: string | null;
}

function MailLink({ href }: { href: string }) {
  // A link to this very app is followed inside it, without reloading the page.
  let internal: string | null = null;
  try {
    const url = new URL(href, window.location.origin);
    if (url.origin === window.location.origin) internal = `${url.pathname}${url.search}${url.hash}`;
  } catch {
    internal = null;
  }
  const style = { wordBreak: 'break-all' as const };
  return internal ? (
    <Anchor component={Link} to={internal} size="sm" style={style}>
      {href}
    </Anchor>
  ) : (
    <Anchor href={href} size="sm" style={style}>
      {href}
    </Anchor>
  );
}

export default function OutboxPage() {
  const config = useAppConfig();
  const exists = config.data?.devOutbox === true;
  const outbox = useQuery({
    queryKey: ['dev', 'outbox'],
    enabled: exists,
    retry: false,
    refetchOnWindowFocus: true,
    queryFn: async ({ signal }) => (await api.get<{ mails: OutboxMail[] }>('/dev/outbox', signal)).results?.mails ?? [],
  });
  const unavailable = outbox.error instanceof ApiError && outbox.error.status === 404;
  // Unknown pages lead home; so does this one where the server has no outbox.
  if (config.data?.devOutbox === false || unavailable) return <Navigate to="/" replace />;

  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Group gap="xs">
              <Title order={1} fz={{ base: 26, sm: 32 }}>
                Boîte d'envoi
              </Title>
              <Badge color="gray" variant="light">
                Développement
              </Badge>
            </Group>
            <Text c="dimmed" mt={6} maw={680}>
              Hors production, les e-mails ne partent pas&nbsp;: ils sont enregistrés dans le dossier de données du serveur et listés ici, du plus récent au plus ancien.
              Cliquez sur un lien pour le suivre comme le ferait le destinataire.
            </Text>
          </div>
          <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => outbox.refetch()} loading={outbox.isFetching} disabled={!exists}>
            Actualiser
          </Button>
        </Group>

        {(config.isPending || (exists && outbox.isPending)) && (
          <Group justify="center" py="xl">
            <Loader color="orange" type="dots" aria-label="Chargement" />
          </Group>
        )}

        {outbox.isError && (
          <Alert color="red" variant="light" title="Impossible de lire la boîte d'envoi">
            {outbox.error.message}
          </Alert>
        )}

        {outbox.data && outbox.data.length === 0 && (
          <Paper withBorder radius="lg" p="xl">
            <Stack align="center" gap="xs" c="dimmed">
              <IconInbox size={36} aria-hidden />
              <Text>Aucun e-mail pour le moment.</Text>
            </Stack>
          </Paper>
        )}

        {outbox.data && outbox.data.length > 0 && (
          <Stack gap="sm" hiddenFrom="sm">
            {outbox.data.map((mail) => (
              <Paper key={mail.id} withBorder radius="lg" p="md">
                <Text fw={600}>{mail.subject}</Text>
                <Text size="sm">{mail.to}</Text>
                <Text size="sm" c="dimmed" mb={mail.link ? 'xs' : 0}>
                  {formatDate(mail.date)} {formatTime(mail.date)}
                </Text>
                {mail.link && <MailLink href={mail.link} />}
              </Paper>
            ))}
          </Stack>
        )}

        {outbox.data && outbox.data.length > 0 && (
          <Paper withBorder radius="lg" visibleFrom="sm">
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm" horizontalSpacing="md" striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Destinataire</Table.Th>
                    <Table.Th>Objet</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Lien</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {outbox.data.map((mail) => (
                    <Table.Tr key={mail.id}>
                      <Table.Td>{mail.to}</Table.Td>
                      <Table.Td>{mail.subject}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDate(mail.date)} {formatTime(mail.date)}
                      </Table.Td>
                      <Table.Td maw={360}>{mail.link ? <MailLink href={mail.link} /> : <Text c="dimmed" size="sm">—</Text>}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
