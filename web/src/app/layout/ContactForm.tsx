/** The footer's contact form: the same schema as POST /api/contact, then the server's own message. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Textarea, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { AUTH, LAYOUT, contactSchema, type ContactInput } from '@creadefi/domain';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../ui/feedback';
// Mantine's stylesheets beyond the landing's (this part is loaded lazily).
import '../../ui/mantine-pages.css';
import classes from './Footer.module.css';

const EMPTY: ContactInput = { name: '', email: '', objet: '', message: '' };

export default function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY, mode: 'onTouched' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await api.post('/contact', values);
      notifySuccess(answer.message ?? AUTH.contactSent);
      reset(EMPTY);
    } catch (error) {
      notifyError(error);
    }
  });

  const inputClasses = { input: classes.input, label: classes.label, error: classes.error };

  return (
    <form onSubmit={onSubmit} noValidate className={classes.form} aria-label={LAYOUT.contact.form}>
      <div className={classes.formRow}>
        <TextInput label={LAYOUT.contact.name} autoComplete="name" withAsterisk error={errors.name?.message} classNames={inputClasses} {...register('name')} />
        <TextInput label={LAYOUT.contact.email} type="email" autoComplete="email" withAsterisk error={errors.email?.message} classNames={inputClasses} {...register('email')} />
      </div>
      <TextInput label={LAYOUT.contact.subject} withAsterisk error={errors.objet?.message} classNames={inputClasses} {...register('objet')} />
      <Textarea label={LAYOUT.contact.message} withAsterisk rows={4} resize="vertical" error={errors.message?.message} classNames={inputClasses} {...register('message')} />
      <Button type="submit" loading={isSubmitting} rightSection={<IconSend size={16} aria-hidden />} className={classes.submit}>
        {LAYOUT.contact.send}
      </Button>
    </form>
  );
}
