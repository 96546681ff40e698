/** One `node` command of the example, with its inline variables. */
export type ReadmeCommand = { env: Record<string, string>; script: string }

/** The first ```sh block after the section's heading, as variables and `node` commands. */
export function readReadmeExample(markdown: string): {
  exported: Record<string, string>
  commands: ReadmeCommand[]
} {
  const section = markdown.split('## Pointing Latch at real networks')[1]
  const block = section?.match(/```sh\n([\s\S]*?)```/)?.[1]
  if (!block)
    throw new Error('README.md has no ```sh example under "Pointing Latch at real networks".')
  const exported: Record<string, string> = {}
  const commands: ReadmeCommand[] = []
  for (const line of block.replace(/\\\n\s*/g, ' ').split('\n')) {
    const words = shellWords(line)
    if (words.length === 0) continue
    const assignments = words[0] === 'export' ? words.slice(1) : words
    const env: Record<string, string> = {}
    let index = 0
    for (; index < assignments.length; index++) {
      const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/s.exec(assignments[index] ?? '')
      if (!match) break
      env[match[1] as string] = match[2] as string
    }
    if (words[0] === 'export') Object.assign(exported, env)
    else if (assignments[index] === 'node' && assignments[index + 1])
      commands.push({ env, script: assignments[index + 1] as string })
    else throw new Error(`Unexpected line in the README example: ${line}`)
  }
  return { exported, commands }
}

/** Splits a shell line into words: spaces separate, single and double quotes group. */
function shellWords(line: string): string[] {
  const words: string[] = []
  for (const match of line.matchAll(/(?:'[^']*'|"[^"]*"|[^\s'"]+)+/g))
    words.push(match[0].replace(/'([^']*)'|"([^"]*)"/g, (_all, single, double) => single ?? double))
  return words
}
