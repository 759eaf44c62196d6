/**
 * Structured data as `<script type="application/ld+json">`. The JSON is escaped so no text from
 * YAML can end the script element: `<` becomes `\u003c` (so `</script>` and `<!--` cannot appear),
 * and U+2028/U+2029, legal in JSON but line breaks in older JavaScript parsers, are escaped too.
 */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
}

export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
