/**
 * The C allocator maps a request of 32 MiB or more on its own (glibc's largest threshold for
 * that on 64-bit) and returns it to the system when it is freed; a smaller one comes from its
 * heap, whose pages stay with the process once anything later is allocated above them.
 */
const blockWords = (32 * 2 ** 20) / 4

/**
 * Makes 32-bit arrays as views into blocks of 32 MiB, for arrays made by the ten thousand and
 * kept together, then let go together (the landing pages' shingles and signatures: most of the
 * 158 MB of prints at 50,000 pages). Each its own, they filled the C allocator's heap among
 * shorter-lived memory, and the process kept those pages after the plan let go of them; in
 * blocks, the memory goes back once the last array of a block is gone. Only the pages of a block
 * that are written to count as the process's memory. Each call gives an allocator with blocks of
 * its own, kept only by the arrays it made.
 */
export function wordBlocks(): (length: number) => Uint32Array {
  let block: Uint32Array | undefined
  let used = 0
  return (length) => {
    // A longer array than a block (no text has that many words) is made on its own.
    if (length > blockWords) return new Uint32Array(length)
    if (!block || used + length > block.length) {
      block = new Uint32Array(blockWords)
      used = 0
    }
    used += length
    return block.subarray(used - length, used)
  }
}
