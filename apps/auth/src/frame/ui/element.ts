export type ElementProps = {
  className?: string | undefined
  /** Set as `textContent`: the frame never parses HTML from a value. */
  text?: string | undefined
  attributes?: Record<string, string> | undefined
}

/** Creates an element in `doc` with a class, text (as `textContent`), attributes and children. */
export function element<tag extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: tag,
  props: ElementProps = {},
  children: readonly Node[] = [],
): HTMLElementTagNameMap[tag] {
  const node = doc.createElement(tag)
  if (props.className) node.className = props.className
  if (props.text !== undefined) node.textContent = props.text
  for (const [name, value] of Object.entries(props.attributes ?? {})) node.setAttribute(name, value)
  node.append(...children)
  return node
}
