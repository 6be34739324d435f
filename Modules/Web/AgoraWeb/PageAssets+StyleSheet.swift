extension PageAssets {
    /// How every page looks: one column on a phone, the explorer beside the page from 60rem;
    /// light or dark as the reader's system is; fonts that show Japanese and Chinese text
    /// (Noto CJK where a system has no CJK font of its own). Written by hand: no build step.
    static let styleSheet: StaticString = """
        :root { color-scheme: light dark; --bg: #f5f6f8; --card: #fff; --text: #1b1d21; --muted: #585f6b; --line: #dcdfe5; --accent: #3346c8;
          --on-accent: #fff; --soft: #e7eafd; --danger: #b02a20; --good: #1c6b38; --warn: #fdf1e3;
          font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Hiragino Sans", "Noto Sans CJK JP", "Yu Gothic", "Microsoft YaHei", sans-serif; }
        @media (prefers-color-scheme: dark) { :root { --bg: #131418; --card: #1d1f25; --text: #e9eaee; --muted: #a7adb8; --line: #363943;
          --accent: #9aa8ff; --on-accent: #10142e; --soft: #282e55; --danger: #ff968c; --good: #84d9a0; --warn: #3b2c16; } }
        *, ::before, ::after { box-sizing: border-box; }
        body { margin: 0 auto; max-width: 72rem; padding: 0 1rem 3rem; background: var(--bg); color: var(--text); display: grid; grid-template-columns: minmax(0, 1fr); column-gap: 2rem; align-items: start; }
        @media (min-width: 60rem) { body:has(#explorer) { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); } #explorer { position: sticky; top: 1rem; max-height: calc(100vh - 2rem); overflow: auto; } }
        h1 { font-size: clamp(1.375rem, 4vw + .5rem, 1.75rem); line-height: 1.2; margin: 1.5rem 0 1rem; overflow-wrap: anywhere; }
        h2 { font-size: 1.125rem; line-height: 1.3; margin: 0; }
        a { color: var(--accent); text-underline-offset: .15em; }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; border-radius: .25rem; }
        .skip { position: absolute; left: 1rem; top: -4rem; background: var(--card); padding: .5rem 1rem; z-index: 1; }
        .skip:focus { top: .5rem; }
        header.bar { grid-column: 1 / -1; display: grid; grid-template-columns: auto 1fr auto; grid-template-areas: "brand nav account";
          align-items: center; gap: .5rem 1rem; padding: .75rem 0; border-bottom: 1px solid var(--line); }
        .brand { grid-area: brand; font-weight: 800; font-size: 1.375rem; letter-spacing: -.02em; color: var(--text); text-decoration: none; }
        nav.app { grid-area: nav; display: flex; flex-wrap: wrap; gap: .25rem; min-width: 0; }
        nav.app a { padding: .375rem .75rem; border-radius: 99rem; color: var(--muted); font-weight: 600; text-decoration: none; }
        nav.app a:hover, nav.app a[aria-current] { background: var(--soft); color: var(--text); }
        .account { grid-area: account; display: flex; align-items: center; gap: .5rem; min-width: 0; }
        .account .name { font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 14rem; }
        details.account { position: relative; }
        details.account summary { display: flex; align-items: center; gap: .5rem; min-height: 2.5rem; padding: .25rem .5rem; border-radius: 99rem; cursor: pointer; list-style: none; }
        details.account summary::-webkit-details-marker { display: none; }
        details.account summary::after { content: "▾"; color: var(--muted); font-size: .875rem; }
        details.account summary:hover, details.account[open] summary { background: var(--soft); }
        details.account .menu { position: absolute; right: 0; top: calc(100% + .375rem); z-index: 3; display: grid; gap: .5rem; width: max-content; max-width: min(20rem, calc(100vw - 2rem));
          padding: .75rem 1rem; background: var(--card); border: 1px solid var(--line); border-radius: .75rem; box-shadow: 0 .5rem 1.5rem rgb(0 0 0 / .18); }
        details.account .menu p { margin: 0; color: var(--muted); font-size: .875rem; overflow-wrap: anywhere; }
        details.account .menu nav { display: grid; }
        details.account .menu nav a { display: block; padding: .5rem .25rem; border-radius: .375rem; font-weight: 600; }
        details.account .menu nav a:hover, details.account .menu nav a[aria-current] { background: var(--soft); }
        footer.site { grid-column: 1 / -1; display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; margin-top: 3rem; padding-top: 1rem;
          border-top: 1px solid var(--line); color: var(--muted); font-size: .875rem; }
        footer.site p { margin: 0; }
        ul.ways { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; padding: 0; list-style: none; }
        header button, header .button { min-height: 2.25rem; padding: .375rem .75rem; white-space: nowrap; }
        button[aria-pressed=true] { background: var(--soft); color: var(--text); }
        @media (max-width: 40rem) { header.bar { display: flex; flex-wrap: nowrap; gap: .5rem; } .brand { font-size: 1.25rem; } .account { margin-left: auto; }
          .account .name { display: none; } nav.app { flex-wrap: nowrap; gap: 0; } nav.app a { padding: .375rem .5rem; } }
        .avatar { flex: none; display: inline-grid; place-items: center; width: 2rem; height: 2rem; border-radius: 50%; background: var(--soft); color: var(--text); font-weight: 700; font-size: .875rem; }
        form { margin: 0; }
        button, .button { font: inherit; font-weight: 600; font-size: .9375rem; line-height: 1.2; display: inline-flex; align-items: center; min-height: 2.5rem;
          padding: .5rem 1rem; border-radius: .5rem; border: 1px solid var(--line); background: var(--card); color: var(--text); text-decoration: none; cursor: pointer; }
        button:hover, .button:hover { border-color: var(--muted); }
        .primary { background: var(--accent); border-color: var(--accent); color: var(--on-accent); }
        .quiet { background: transparent; border-color: transparent; color: var(--muted); }
        .quiet:hover { background: var(--soft); }
        .danger { color: var(--danger); }
        button:disabled { opacity: .6; cursor: default; }
        .actions { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; margin: 1rem 0; }
        .actions .count { color: var(--muted); font-size: .875rem; }
        .field { display: grid; gap: .25rem; margin-bottom: 1rem; max-width: 24rem; }
        label { font-weight: 600; }
        input:not([type=hidden]), textarea { font: inherit; width: 100%; padding: .5rem .75rem; border: 1px solid var(--muted); border-radius: .5rem; background: var(--card); color: var(--text); }
        textarea { display: block; margin-top: .25rem; resize: vertical; }
        main > p, .summary { max-width: 40rem; }
        .line { display: block; }
        p.reason { font-weight: 600; font-size: 1.125rem; }
        p.error, p.notice { padding: .75rem 1rem; border-radius: .5rem; border-left: 4px solid; background: var(--card); }
        p.error { color: var(--danger); } p.notice { color: var(--good); } p.empty, p.loading { color: var(--muted); }
        ol.rows { list-style: none; margin: 0; padding: 0; display: grid; gap: .75rem; max-width: 48rem; }
        ol.tiles { max-width: none; grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr)); }
        ol.rows > li { position: relative; background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: 1rem; overflow-wrap: anywhere; }
        ol.rows p { margin: 0; }
        ol.rows h2 a { color: var(--text); text-decoration: none; }
        ol.rows h2 a::after { content: ""; position: absolute; inset: 0; border-radius: .75rem; }
        ol.rows h2 a:hover { text-decoration: underline; }
        .when { display: block; color: var(--accent); font-weight: 600; font-size: .875rem; margin-bottom: .125rem; }
        .meta { color: var(--muted); display: flex; flex-wrap: wrap; gap: 0 1rem; margin-top: .25rem; } .meta .you { color: var(--good); }
        .byline { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem .5rem; color: var(--muted); font-size: .875rem; }
        .byline .author { color: var(--text); font-size: 1rem; }
        .byline + .text { margin-top: .375rem; }
        ol.rows .actions { margin: .75rem 0 0; }
        ol.rows > li[data-state=you] { border-color: var(--accent); }
        ol.rows > li:is([data-state=failed], [data-state=queued], [data-state=waiting]) { border-style: dashed; border-color: var(--danger); background: var(--warn); }
        ol.rows > li[data-state=sending] { opacity: .75; }
        .status { font-style: normal; font-weight: 700; color: var(--danger); }
        dl.fields, dl.facts { margin: 0; display: grid; grid-template-columns: auto minmax(0, 1fr); gap: .25rem 1rem; align-items: baseline; }
        dl.fields dt, dl.facts dt { color: var(--muted); font-size: .875rem; } dd { margin: 0; }
        dl.facts dd { font-weight: 600; } dl.facts .also { display: block; font-weight: 400; color: var(--muted); font-size: .875rem; }
        .event-head { display: flex; align-items: flex-start; gap: 1rem; max-width: 48rem; }
        .date-tile { flex: none; display: grid; width: 4rem; margin: 0; text-align: center; border: 1px solid var(--line); border-radius: .75rem; overflow: hidden; background: var(--card); }
        .date-tile .month { background: var(--accent); color: var(--on-accent); font-size: .8125rem; font-weight: 700; text-transform: uppercase; padding: .125rem 0; }
        .date-tile .day { font-size: 1.625rem; font-weight: 800; line-height: 1.2; padding: .25rem 0 .375rem; }
        .rsvp { max-width: 48rem; display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .75rem 1rem; margin: 1.25rem 0; padding: 1rem 1.25rem;
          background: var(--card); border: 1px solid var(--line); border-radius: .75rem; }
        .rsvp .going { margin: 0; font-size: 1.125rem; } .rsvp .count { font-weight: 700; } .rsvp strong { color: var(--good); }
        .rsvp .who { display: flex; align-items: center; gap: .75rem; } .rsvp .names { margin: .125rem 0 0; color: var(--muted); font-size: .875rem; }
        section.latest { margin-top: 2rem; max-width: 48rem; } section.latest h2 { margin-bottom: .75rem; } section.latest > p { margin: .75rem 0 0; }
        .faces { display: flex; margin: 0; padding: 0 0 0 .25rem; list-style: none; } .faces .avatar { margin-left: -.25rem; box-shadow: 0 0 0 2px var(--card); }
        .rsvp button { min-height: 3rem; padding: .75rem 1.5rem; font-size: 1rem; }
        main > form { max-width: 40rem; margin: 1rem 0 1.5rem; }
        html.pending main { opacity: .6; cursor: progress; transition: opacity .2s; }
        html.pending body::before { content: ""; position: fixed; inset: 0 0 auto; height: .25rem; background: var(--accent); z-index: 2;
          transform-origin: left; animation: pending 1.2s ease-in-out infinite; }
        @keyframes pending { from { transform: scaleX(0); } to { transform: scaleX(1); } }
        @media (prefers-reduced-motion: reduce) { html.pending body::before { animation: none; } }
        #explorer { margin-top: 1.5rem; font: 12px/1.45 ui-monospace, "SF Mono", Menlo, Consolas, "Noto Sans Mono CJK JP", monospace; background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: .75rem; overflow-wrap: anywhere; }
        #explorer h2 { font-size: 1rem; } #explorer h3 { font-size: .875rem; margin: 1rem 0 .25rem; } #explorer h4 { font-size: .75rem; margin: .75rem 0 .125rem; }
        #explorer ol { padding-left: 1.5rem; margin: 0; } #explorer li { white-space: pre-wrap; }
        #explorer table { width: 100%; border-collapse: collapse; font-size: 11px; margin-bottom: .25rem; }
        #explorer th, #explorer td { text-align: left; vertical-align: top; padding: .125rem .25rem .125rem 0; border-bottom: 1px solid var(--line); overflow-wrap: normal; }
        #explorer td.value { overflow-wrap: anywhere; } #explorer .legend { font-size: 11px; color: var(--muted); }
        #explorer form { display: flex; flex-wrap: wrap; gap: .25rem; align-items: center; margin: 0; } #explorer label { font-weight: 400; }
        #explorer input:not([type=hidden]), #explorer select, #explorer button { font: inherit; width: auto; max-width: 100%; min-height: 1.75rem; padding: .125rem .375rem; }
        """
}
