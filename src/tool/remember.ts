/**
 * A memo of the values of the last `limit` distinct keys: past that many it starts afresh. For
 * work whose inputs mostly repeat (a service's texts on thousands of landing pages, the names of a
 * layout's pages in a preview session) in a process that may run long: an unbounded memo would
 * keep every distinct input to the end. `make` never returns undefined.
 */
export function rememberLast<T>(limit: number): (key: string, make: () => T) => T {
  const known = new Map<string, T>()
  return (key, make) => {
    let value = known.get(key)
    if (value === undefined) {
      if (known.size >= limit) known.clear()
      known.set(key, (value = make()))
    }
    return value
  }
}
