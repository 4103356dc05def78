import type { OpenApiDocument } from './openapi.ts';

/*
 * The document as a page a person reads (docs/rules/api.md): rendered here, from the same
 * document, with no script and no outside asset, so it works under the server's CSP.
 */

const escape = (text: unknown) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const json = (value: unknown) => `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`;

interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: unknown[];
  parameters?: Array<{ name: string; in: string; required: boolean; schema: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

function operationHtml(method: string, path: string, op: Operation): string {
  const params = op.parameters?.length
    ? `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr></thead><tbody>${op.parameters
        .map(
          (p) =>
            `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escape(JSON.stringify(p.schema))}</code></td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const body = op.requestBody
    ? `<h4>Request body</h4>${Object.entries(op.requestBody.content)
        .map(
          ([type, c]) => `<details><summary>${escape(type)}</summary>${json(c.schema)}</details>`,
        )
        .join('')}`
    : '';
  const answers = Object.entries(op.responses)
    .map(
      ([status, r]) =>
        `<li><strong>${escape(status)}</strong> ${escape(r.description)}${Object.entries(
          r.content ?? {},
        )
          .map(
            ([type, c]) => `<details><summary>${escape(type)}</summary>${json(c.schema)}</details>`,
          )
          .join('')}</li>`,
    )
    .join('');
  const security =
    op.security.length === 0 ? 'public' : 'public; send X-Hold-Session when you have one';
  return `<section id="${escape(op.operationId)}">
<h3><span class="method">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>
<p>${escape(op.summary)}</p>${op.description ? `<p>${escape(op.description)}</p>` : ''}
<p class="meta">operationId <code>${escape(op.operationId)}</code> · ${escape(security)}</p>
${params}${body}<h4>Answers</h4><ul>${answers}</ul>
</section>`;
}

export function documentPage(doc: OpenApiDocument): string {
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method, path, op: op as Operation })),
  );
  const byTag = doc.tags.map((tag) => ({
    tag,
    ops: operations.filter(({ op }) => op.tags[0] === tag.name),
  }));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 0 auto; padding: 1rem; color: #1a1a1a; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.875rem; }
pre { background: #f4f4f4; padding: 0.5rem; overflow-x: auto; }
section { border-top: 1px solid #ccc; padding-top: 0.5rem; }
.method { background: #1a1a1a; color: #fff; padding: 0 0.4rem; border-radius: 3px; }
.meta { color: #555; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 0.2rem 0.4rem; text-align: left; }
</style>
</head>
<body>
<main>
<h1>${escape(doc.info.title)} ${escape(doc.info.version)}</h1>
<p>OpenAPI ${escape(doc.openapi)}. The same document as JSON: <code>GET /api/docs</code> with <code>Accept: application/json</code>.</p>
<nav aria-label="Operations"><ul>${byTag
    .map(
      ({ tag, ops }) =>
        `<li>${escape(tag.name)}: ${ops
          .map(({ op }) => `<a href="#${escape(op.operationId)}">${escape(op.operationId)}</a>`)
          .join(', ')}</li>`,
    )
    .join('')}</ul></nav>
${byTag
  .map(
    ({ tag, ops }) =>
      `<h2>${escape(tag.name)}</h2><p>${escape(tag.description)}</p>${ops
        .map(({ method, path, op }) => operationHtml(method, path, op))
        .join('\n')}`,
  )
  .join('\n')}
<h2>Errors</h2>${json(doc.components.schemas.Error)}
</main>
</body>
</html>
`;
}

/**
 * A browser asks for HTML first; a client that asks for JSON (or says nothing) gets the JSON
 * document, as before.
 */
export function wantsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html >= 0 && (json < 0 || html < json);
}
