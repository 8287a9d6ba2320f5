import { useId, useState, type ReactNode } from 'react';
import { theme } from '@outsync/ui';
import styled from 'styled-components';

export interface JsonViewerProps {
  /** A parsed JSON value (what JSON.parse returns). */
  value: unknown;
  /** Names the viewer for assistive technology, e.g. 'Payload'. */
  label: string;
  /** How many levels start open; deeper objects and arrays start collapsed. */
  expandDepth?: number;
  className?: string;
}

type Container = readonly unknown[] | Readonly<Record<string, unknown>>;

const isContainer = (value: unknown): value is Container =>
  typeof value === 'object' && value !== null;

/**
 * A read-only, monospaced JSON tree. Each non-empty object or array has a toggle button
 * (`aria-expanded`) named by its path, e.g. `payload.to[0]`, so every toggle has a unique name.
 */
export function JsonViewer({ value, label, expandDepth = 2, className }: JsonViewerProps) {
  return (
    <JsonRoot role="group" aria-label={label} className={className}>
      {isContainer(value) ? (
        <ContainerBody value={value} path="" depth={0} expandDepth={expandDepth} />
      ) : (
        <JsonPrimitive value={value} />
      )}
    </JsonRoot>
  );
}

function entriesOf(value: Container): [string | number, unknown][] {
  return Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
}

const brackets = (value: Container) => (Array.isArray(value) ? ['[', ']'] : ['{', '}']);

const childPath = (path: string, name: string | number) =>
  typeof name === 'number' ? `${path}[${name}]` : path ? `${path}.${name}` : name;

/** The entries of an open container, between its brackets. */
function ContainerBody({
  value,
  path,
  depth,
  expandDepth,
  id,
  comma = false,
}: {
  value: Container;
  path: string;
  depth: number;
  expandDepth: number;
  id?: string;
  comma?: boolean;
}) {
  const [open, close] = brackets(value);
  const entries = entriesOf(value);
  const isArray = Array.isArray(value);
  return (
    <>
      {depth === 0 ? open : null}
      <Entries id={id}>
        {entries.map(([name, child], index) => (
          <JsonEntry
            key={name}
            name={isArray ? undefined : String(name)}
            path={childPath(path, name)}
            value={child}
            depth={depth + 1}
            expandDepth={expandDepth}
            comma={index < entries.length - 1}
          />
        ))}
      </Entries>
      {close}
      {comma ? ',' : null}
    </>
  );
}

function JsonEntry({
  name,
  path,
  value,
  depth,
  expandDepth,
  comma,
}: {
  /** The key inside an object; none inside an array. */
  name: string | undefined;
  path: string;
  value: unknown;
  depth: number;
  expandDepth: number;
  comma: boolean;
}) {
  const [expanded, setExpanded] = useState(depth < expandDepth);
  const entriesId = useId();
  const keyPart =
    name === undefined ? null : (
      <>
        <JsonKey>{JSON.stringify(name)}</JsonKey>:{' '}
      </>
    );

  if (!isContainer(value) || entriesOf(value).length === 0) {
    return (
      <Entry>
        {keyPart}
        {isContainer(value) ? brackets(value).join('') : <JsonPrimitive value={value} />}
        {comma ? ',' : null}
      </Entry>
    );
  }

  const [open, close] = brackets(value);
  return (
    <Entry>
      <Toggle
        type="button"
        aria-expanded={expanded}
        aria-controls={expanded ? entriesId : undefined}
        aria-label={path}
        onClick={() => setExpanded((was) => !was)}
      >
        <Arrow aria-hidden="true">{expanded ? '▾' : '▸'}</Arrow>
        {keyPart}
        {open}
      </Toggle>
      {expanded ? (
        <ContainerBody
          value={value}
          path={path}
          depth={depth}
          expandDepth={expandDepth}
          id={entriesId}
          comma={comma}
        />
      ) : (
        <>
          <Muted>…</Muted>
          {close}
          {comma ? ',' : null}
        </>
      )}
    </Entry>
  );
}

function JsonPrimitive({ value }: { value: unknown }): ReactNode {
  if (typeof value === 'string') return <JsonString>{JSON.stringify(value)}</JsonString>;
  if (typeof value === 'number' || typeof value === 'boolean')
    return <JsonNumber>{String(value)}</JsonNumber>;
  // null, and anything JSON cannot hold (undefined), reads as null, as JSON.stringify writes it.
  return <Muted>null</Muted>;
}

const JsonRoot = styled.div`
  margin: 0;
  padding: ${theme.space(3)};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.codeBg};
  color: ${theme.colors.ink};
  font-family: ${theme.font.mono};
  font-size: ${theme.font.size.sm};
  line-height: 1.5;
  overflow-wrap: anywhere;
  white-space: pre-wrap;
`;

const Entries = styled.ul`
  margin: 0;
  padding: 0 0 0 ${theme.space(5)};
  list-style: none;
`;

const Entry = styled.li`
  margin: 0;
`;

const Toggle = styled.button`
  display: inline-block;
  /* WCAG 2.2 target size: at least 24 × 24 px. */
  min-width: 24px;
  min-height: 24px;
  margin: 0 0 0 calc(-1 * ${theme.space(4)});
  padding: 0;
  border: 0;
  border-radius: ${theme.radius};
  background: none;
  color: inherit;
  font: inherit;
  text-align: start;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceHover};
  }
`;

const Arrow = styled.span`
  display: inline-block;
  width: ${theme.space(4)};
  color: ${theme.colors.inkMuted};
`;

const JsonKey = styled.span`
  color: ${theme.colors.codeKey};
`;

const JsonString = styled.span`
  color: ${theme.colors.codeString};
`;

const JsonNumber = styled.span`
  color: ${theme.colors.codeNumber};
`;

const Muted = styled.span`
  color: ${theme.colors.inkMuted};
`;
