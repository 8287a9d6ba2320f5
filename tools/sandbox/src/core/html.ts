// Plain server-rendered pages. Every value passes through escapeHtml, so data the product
// wrote (names, subjects, bodies) can never inject markup into the inspection pages.

export function escapeHtml(value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Marks a string as already-escaped markup so layout helpers can nest safely. */
export interface Html {
  readonly html: string;
}

export function raw(html: string): Html {
  return { html };
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return raw(out);
}

function render(value: unknown): string {
  if (Array.isArray(value)) return value.map(render).join('');
  if (typeof value === 'object' && value !== null && 'html' in value) {
    return String((value as Html).html);
  }
  return escapeHtml(value);
}

export function page(title: string, body: Html): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            margin: 2rem;
            color: #1b1f24;
            max-width: 80rem;
          }
          tr:target {
            background: #fff3bf;
          }
          table {
            border-collapse: collapse;
            margin: 0.5rem 0 1.5rem;
            font-size: 0.9rem;
          }
          th,
          td {
            border: 1px solid #d0d7de;
            padding: 0.3rem 0.5rem;
            text-align: left;
            vertical-align: top;
          }
          th {
            background: #f6f8fa;
          }
          nav a {
            margin-right: 1rem;
          }
          .card {
            border: 1px solid #d0d7de;
            border-radius: 8px;
            padding: 1.5rem;
            max-width: 32rem;
          }
          button {
            font-size: 1rem;
            padding: 0.5rem 1.25rem;
            border-radius: 6px;
            border: 1px solid #1f6feb;
            background: #1f6feb;
            color: #fff;
            cursor: pointer;
          }
          button.secondary {
            background: #fff;
            color: #1f6feb;
          }
          .muted {
            color: #57606a;
          }
          pre {
            white-space: pre-wrap;
            max-width: 60rem;
          }
        </style>
      </head>
      <body>
        <nav>
          <a href="/">Sandbox</a><a href="/inspect/hubspot">HubSpot</a
          ><a href="/inspect/salesforce">Salesforce</a><a href="/inspect/smartlead">Smartlead</a
          ><a href="/inspect/instantly">Instantly</a><a href="/inspect/bison">bison</a
          ><a href="/inspect/heyreach">HeyReach</a><a href="/inspect/receivers">Receivers</a
          ><a href="/mailbox">Mailbox</a><a href="/_sandbox">Admin</a>
        </nav>
        <h1>${title}</h1>
        ${body}
      </body>
    </html>`.html;
}

/**
 * A table of rows; columns are picked by key so every page renders the same way. `id` names
 * the table (or its "None yet." line when empty) so browser tests can find it.
 */
export function table(columns: string[], rows: readonly object[], id?: string): Html {
  const idAttribute = id === undefined ? '' : html`id="${id}"`;
  if (rows.length === 0) return html`<p class="muted" ${idAttribute}>None yet.</p>`;
  return html`<table ${idAttribute}>
    <thead>
      <tr>
        ${columns.map((column) => html`<th>${column}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (row) =>
          html`<tr${rowAnchor(row)}>
            ${columns.map((column) => html`<td>${cell((row as Record<string, unknown>)[column])}</td>`)}
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/**
 * A record's row is `#record-{id}`: the CRMs' record links the product shows (History) lead to
 * it in the sandbox, as they lead to the record's page in the real CRM.
 */
function rowAnchor(row: object): Html | '' {
  const { id, Id } = row as { id?: unknown; Id?: unknown };
  const value = Id ?? id;
  return typeof value === 'string' || typeof value === 'number'
    ? html` id="record-${String(value)}"`
    : '';
}

function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
