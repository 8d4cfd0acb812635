/** Renders the legal texts of the catalogue (LEGAL): paragraphs, lists and tables of parts. */
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { LegalBlock, LegalPart } from '@creadefi/domain';
import { paths } from '../../../app/paths';
import classes from './Legal.module.css';

const LINKS = { privacy: paths.privacy, profile: paths.profile } as const;

function Part({ part }: { part: LegalPart }) {
  if (typeof part === 'string') return part;
  if ('strong' in part) return <strong>{part.strong}</strong>;
  if ('link' in part) return <Link to={LINKS[part.to]}>{part.link}</Link>;
  if ('mail' in part) return <a href={`mailto:${part.mail}`}>{part.mail}</a>;
  return (
    <a href={part.href} target="_blank" rel="noopener noreferrer">
      {part.web}
    </a>
  );
}

function Parts({ parts }: { parts: readonly LegalPart[] }) {
  return parts.map((part, i) => <Part key={i} part={part} />);
}

function Table({ caption, head, rows }: Extract<LegalBlock, { table: unknown }>['table']) {
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table}>
        <caption className="cd-sr-only">{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, second, third]) => (
            <tr key={first}>
              <th scope="row">{first}</th>
              <td data-label={head[1]}>{second}</td>
              <td data-label={head[2]}>{third}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function LegalBlocks({ blocks }: { blocks: readonly LegalBlock[] }) {
  return blocks.map((block, i) => (
    <Fragment key={i}>
      {'p' in block ? (
        <p>
          <Parts parts={block.p} />
        </p>
      ) : 'ul' in block ? (
        <ul>
          {block.ul.map((item, j) => (
            <li key={j}>
              <Parts parts={item} />
            </li>
          ))}
        </ul>
      ) : (
        <Table {...block.table} />
      )}
    </Fragment>
  ));
}
