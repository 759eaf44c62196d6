/**
 * Adds `value` to the list `map` keeps under `key`, making the list on first use. Linear: a list
 * copied to append one item (`[...list, value]`) makes grouping n items cost n², which a site
 * whose thousands of landing pages share one origin file pays.
 */
export function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/**
 * The empty list for data kept by the thousand (a page's gate reasons, its undeclared code, its
 * shared links): one frozen array for them all, not an empty array each.
 */
export const noItems: readonly never[] = Object.freeze([])

/** For lists of keys, one per item: each key's items, by index, in item order. */
export function membersOf<K>(keyLists: readonly (readonly K[])[]): Map<K, number[]> {
  const members = new Map<K, number[]>()
  keyLists.forEach((keys, i) => {
    for (const key of keys) addTo(members, key, i)
  })
  return members
}
