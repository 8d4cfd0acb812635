/** The organiser's private comment on the talent's own proposal (docs/product.md §2), on the contest page. */
import { Alert, Text } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { formatDate, type ProposalComment, FEEDBACK } from '@creadefi/domain';

const F = FEEDBACK;

export function OrganiserComment({ comment }: { comment: ProposalComment | null }) {
  if (!comment) return null;
  return (
    <Alert color="orange" variant="light" radius="md" mt="md" icon={<IconNote size={20} />} title={F.yourComment} data-testid="organiser-comment">
      <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {comment.text}
      </Text>
      <Text fz="xs" c="dimmed" mt={6}>
        {F.sentOn(formatDate(comment.at))}
      </Text>
    </Alert>
  );
}
