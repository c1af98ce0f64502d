/**
 * What in an HTML page would make a browser fetch something as it loads: in the markup, src/href/srcset/action/poster
 * attributes and CSS url() and @import; in inline scripts, an import of a URL. A self-contained MCP App page has none
 * (data: URLs and fragments aside). What the script might fetch later is checked where it runs (the browser test).
 */
export function externalReferences(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!);
  const markup = html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, '$1</script>');
  const found = [
    ...markup.matchAll(/\b(?:src|href|srcset|action|poster)\s*=\s*["']?([^"'\s>]+)/gi),
    ...markup.matchAll(/url\(\s*["']?([^"')]+)/gi),
    ...markup.matchAll(/@import\s+["']([^"']+)/gi),
    ...scripts.flatMap((code) => [...code.matchAll(/\bimport\s*\(?\s*["'`]((?:[a-z]+:)?\/\/[^"'`]+)/gi)]),
  ].map((m) => m[1]!);
  return found.filter((target) => !/^(?:data:|#)/i.test(target));
}
