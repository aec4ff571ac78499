/// The helpers every exported k6 script starts with: the workflow expression language's
/// semantics in JavaScript (equality of numbers and decimal strings, `contains`, `len`,
/// `gid`, truthiness, templates) and the GraphQL request of a step.
enum K6Runtime {
    static let source = #"""
    const bf = {
      isNum: (v) => typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && !isNaN(Number(v)) && /^-?[0-9.]+$/.test(v.trim())),
      eq(a, b) {
        if (a === undefined) a = null;
        if (b === undefined) b = null;
        if (typeof a === 'number' && typeof b === 'number') return a === b;
        if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => bf.eq(x, b[i]));
        if (a && b && typeof a === 'object' && typeof b === 'object') {
          const ka = Object.keys(a), kb = Object.keys(b);
          return ka.length === kb.length && ka.every((k) => bf.eq(a[k], b[k]));
        }
        return a === b;
      },
      truthy: (v) => !(v === null || v === undefined || v === false),
      contains(a, b) {
        if (typeof a === 'string') return a.includes(String(b));
        if (Array.isArray(a)) return a.some((x) => bf.eq(x, b));
        if (a && typeof a === 'object') return Object.prototype.hasOwnProperty.call(a, b);
        return false;
      },
      matches: (a, b) => typeof a === 'string' && new RegExp(b).test(a),
      len: (v) => (typeof v === 'string' || Array.isArray(v)) ? v.length : (v && typeof v === 'object') ? Object.keys(v).length : null,
      exists: (v) => v !== null && v !== undefined,
      type(v) {
        if (v === null || v === undefined) return 'null';
        if (Array.isArray(v)) return 'list';
        if (typeof v === 'object') return 'object';
        if (typeof v === 'boolean') return 'boolean';
        if (typeof v === 'number') return 'number';
        return 'string';
      },
      gid(v) {
        const m = typeof v === 'string' ? /^gid:\/\/shopify\/([A-Za-z]+)\/([^?]+)(?:\?(.*))?$/.exec(v) : null;
        return m ? { type: m[1], id: m[2], query: m[3] === undefined ? null : m[3] } : null;
      },
      sum: (v) => Array.isArray(v) ? v.reduce((s, x) => s + Number(x), 0) : null,
      decimal: (v) => (v === null || v === undefined) ? null : Number(v),
      number: (v) => (v === null || v === undefined) ? null : Number(v),
      lower: (v) => typeof v === 'string' ? v.toLowerCase() : v,
      upper: (v) => typeof v === 'string' ? v.toUpperCase() : v,
      string: (v) => typeof v === 'string' ? v : JSON.stringify(v),
      text: (v) => typeof v === 'string' ? v : (v === null || v === undefined) ? '' : JSON.stringify(v),
      cmp(a, b, op) {
        if (bf.isNum(a) && bf.isNum(b)) { a = Number(a); b = Number(b); }
        switch (op) { case '<': return a < b; case '<=': return a <= b; case '>': return a > b; default: return a >= b; }
      },
      add: (a, b) => (typeof a === 'string' || typeof b === 'string') ? bf.text(a) + bf.text(b) : Number(a) + Number(b),
      ms(text) {
        if (typeof text === 'number') return text;
        const m = /^([0-9.]+)(us|µs|ms|s|m|h)$/.exec(String(text).trim());
        if (!m) return Number(text);
        return Number(m[1]) * { us: 0.001, 'µs': 0.001, ms: 1, s: 1000, m: 60000, h: 3600000 }[m[2]];
      },
      safe(f) { try { return f(); } catch (e) { return undefined; } },
    };

    function gql(step, operationName, query, variables, headers) {
      const body = { query };
      if (variables !== undefined) body.variables = variables;
      if (operationName) body.operationName = operationName;
      const allHeaders = Object.assign({ 'Content-Type': 'application/json', 'Accept': 'application/json' }, BASE_HEADERS, headers || {});
      const tags = { step };
      if (operationName) tags.op = operationName;
      const res = http.post(URL, JSON.stringify(body), { headers: allHeaders, tags });
      let json = null;
      try { json = res.json(); } catch (e) { json = null; }
      const lower = {};
      for (const k in res.headers) lower[k.toLowerCase()] = res.headers[k];
      return { res, data: json && json.data !== undefined ? json.data : null, errors: (json && json.errors) || [],
               extensions: json ? json.extensions || null : null, status: res.status, headers: lower, duration: res.timings.duration };
    }
    """#
}
