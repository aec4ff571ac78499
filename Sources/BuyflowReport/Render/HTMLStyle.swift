/// The HTML report's style sheet: system fonts only, colours that print, print rules.
enum HTMLStyle {
    static let css = """
        :root {
          --fg: #1f2328; --muted: #656d76; --line: #d0d7de; --band: #f6f8fa; --bg: #ffffff;
          --ok: #1a7f37; --ok-bg: #dafbe1; --fail: #cf222e; --fail-bg: #ffebe9;
          --skip: #6e7781; --skip-bg: #eaeef2; --warn: #9a6700; --warn-bg: #fff8c5;
          --retry: #d4a72c; --poll: #218bff; --wait: #8c959f;
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body {
          margin: 0 auto; padding: 24px 32px 48px; max-width: 1180px; color: var(--fg); background: var(--bg);
          font: 14px/1.5 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", "Liberation Sans", Helvetica, Arial, sans-serif;
        }
        code, pre, .id { font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", "Liberation Mono", Menlo, Consolas, monospace; font-size: 12.5px; }
        h1 { font-size: 24px; margin: 0 0 4px; }
        h2 { font-size: 20px; margin: 0 0 2px; }
        h3 { font-size: 16px; margin: 24px 0 8px; }
        h4 { font-size: 15px; margin: 0 0 6px; }
        h5 { font-size: 12px; margin: 8px 0 4px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
        a { color: inherit; }
        .muted, .facts { color: var(--muted); }
        .facts { margin: 0 0 12px; overflow-wrap: anywhere; }
        header.page { border-bottom: 1px solid var(--line); padding-bottom: 12px; margin-bottom: 16px; }
        nav.toc ol { margin: 0 0 16px; padding-left: 20px; }
        nav.toc li { margin: 2px 0; }
        section.run { border: 1px solid var(--line); border-radius: 8px; padding: 16px 20px; margin: 0 0 24px; }
        section.run.failed, section.run.error { border-left: 6px solid var(--fail); }
        section.run.passed { border-left: 6px solid var(--ok); }
        .badge {
          display: inline-block; padding: 1px 8px; border-radius: 999px; font-size: 12px; font-weight: 600;
          vertical-align: 2px; white-space: nowrap; background: var(--skip-bg); color: var(--skip);
        }
        .badge.passed { background: var(--ok-bg); color: var(--ok); }
        .badge.failed, .badge.error { background: var(--fail); color: #ffffff; }
        table.steps { width: 100%; border-collapse: collapse; margin: 8px 0 16px; }
        table.steps th, table.steps td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
        table.steps th { font-size: 12px; color: var(--muted); font-weight: 600; }
        table.steps td.num, table.steps th.num { text-align: right; font-variant-numeric: tabular-nums; }
        table.steps tr.failed td, table.steps tr.error td { background: var(--fail-bg); }
        table.steps tr.skipped td { color: var(--muted); }
        code.id { color: var(--muted); font-size: 11.5px; }
        .warn-note { color: var(--warn); font-size: 12px; }
        figure.waterfall { margin: 8px 0 16px; }
        svg.waterfall { width: 100%; height: auto; display: block; font-family: inherit; font-size: 12px; }
        svg .grid { stroke: var(--line); stroke-width: 1; }
        svg .tick { fill: var(--muted); font-size: 11px; }
        svg .band { fill: var(--band); }
        svg .label { fill: var(--fg); }
        svg .label.skipped { fill: var(--muted); }
        svg .label.failed, svg .label.error { fill: var(--fail); font-weight: 600; }
        svg .none { fill: var(--muted); font-style: italic; }
        svg .extent { fill: var(--wait); opacity: .45; }
        svg .wait { stroke: var(--wait); stroke-width: 1.5; stroke-dasharray: 3 3; }
        svg .bar.ok { fill: var(--ok); }
        svg .bar.retry { fill: var(--retry); }
        svg .bar.poll { fill: var(--poll); }
        svg .bar.failed { fill: var(--fail); }
        svg .attempt { fill: var(--fg); font-size: 10px; }
        svg .attempt.inside { fill: #ffffff; font-weight: 600; }
        svg .note { fill: var(--muted); font-size: 11px; }
        figcaption { color: var(--muted); font-size: 12px; }
        .key { display: inline-block; width: 12px; height: 10px; border-radius: 2px; margin: 0 4px 0 10px; vertical-align: -1px; }
        .key.ok { background: var(--ok); } .key.retry { background: var(--retry); }
        .key.poll { background: var(--poll); } .key.failed { background: var(--fail); }
        .key.wait { height: 0; border-top: 2px dashed var(--wait); border-radius: 0; vertical-align: 3px; }
        article.failure { border: 1px solid #ffcecb; background: #fffafa; border-radius: 6px; padding: 12px 14px; margin: 0 0 12px; }
        .message { margin: 0 0 8px; }
        .assertion { margin: 8px 0; }
        .assertion p { margin: 4px 0; }
        code.expr { font-weight: 600; overflow-wrap: anywhere; }
        .side-by-side { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
        .side-by-side > div { min-width: 0; }
        pre {
          margin: 0; padding: 8px 10px; background: var(--band); border: 1px solid var(--line); border-radius: 6px;
          white-space: pre-wrap; overflow-wrap: anywhere; max-height: 420px; overflow: auto;
        }
        .expected pre { border-left: 4px solid var(--ok); }
        .actual pre { border-left: 4px solid var(--fail); }
        .location { color: var(--muted); }
        details.attempt { margin-top: 10px; }
        details.attempt summary { cursor: pointer; color: var(--muted); }
        ul.warnings { padding-left: 20px; }
        ul.warnings li { margin: 4px 0; }
        ul.warnings .kind { background: var(--warn-bg); color: var(--warn); border-radius: 4px; padding: 0 6px; font-size: 12px; }
        footer { color: var(--muted); font-size: 12px; border-top: 1px solid var(--line); padding-top: 8px; }
        @media (max-width: 720px) { .side-by-side { grid-template-columns: 1fr; } body { padding: 12px; } }
        @page { margin: 14mm; }
        @media print {
          * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
          body { max-width: none; padding: 0; font-size: 10.5pt; }
          nav.toc { display: none; }
          section.run { break-inside: auto; border-radius: 0; }
          section.run + section.run { break-before: page; }
          article.failure, figure.waterfall, tr { break-inside: avoid; }
          pre { max-height: none; overflow: visible; }
          details.attempt summary { list-style: none; }
          a { text-decoration: none; }
        }

        """
}
