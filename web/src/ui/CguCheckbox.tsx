import { Link } from 'react-router';
import { Anchor, Checkbox, type CheckboxProps } from '@mantine/core';
import { COMMON } from '@creadefi/domain';
import { paths } from '../app/paths';

const T = COMMON.cguAccept;

/** The box that accepts the CGU, whose link opens them in a new tab (sign-up, contest creation). */
export function CguCheckbox(props: Omit<CheckboxProps, 'label'>) {
  return (
    <Checkbox
      label={
        <>
          {T.before}{' '}
          <Anchor component={Link} to={paths.cgu} target="_blank" inherit>
            {T.link}
          </Anchor>
        </>
      }
      {...props}
    />
  );
}
