/**
 * The organiser's private comment on a proposal (docs/product.md §2): one text of at most
 * `COMMENT_MAX` characters, checked with the schema the server uses; sending again replaces
 * it. Only the proposal's author reads it, on the contest page and in the conversation.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { COMMENT_MAX, commentSchema, formatDate, type ParticipationDto, FEEDBACK } from '@creadefi/domain';
import { useCommentProposal } from './api';

const F = FEEDBACK;
const commentRule = commentSchema.shape.comment;

export interface CommentFormProps {
  proposal: Pick<ParticipationDto, 'id' | 'idConcours' | 'number' | 'comment'>;
  /** Called once the server stored the comment. */
  onSaved?: () => void;
}

export function CommentForm({ proposal, onSaved }: CommentFormProps) {
  const save = useCommentProposal(proposal.idConcours);
  const [text, setText] = useState(proposal.comment?.text ?? '');
  const [error, setError] = useState<string | null>(null);
  const length = text.trim().length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = commentRule.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? F.commentRequired);
      return;
    }
    setError(null);
    save.mutate({ idParticipation: proposal.id, comment: parsed.data }, { onSuccess: () => onSaved?.() });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={F.openLabel(proposal.number)}>
      <Textarea
        label={F.label}
        description={F.hint}
        placeholder={F.placeholder}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (error) setError(null);
        }}
        error={error}
        minRows={3}
        rows={4}
        radius="md"
      />
      <Group justify="space-between" mt="xs" gap="sm">
        <Text fz="xs" c={length > COMMENT_MAX ? 'red.7' : 'dimmed'} aria-live="polite">
          {F.count(length, COMMENT_MAX)}
          {proposal.comment && ` · ${F.sentOn(formatDate(proposal.comment.at))}`}
        </Text>
        <Button type="submit" size="sm" variant="gradient" leftSection={<IconSend size={16} />} loading={save.isPending}>
          {proposal.comment ? F.update : F.send}
        </Button>
      </Group>
    </form>
  );
}
