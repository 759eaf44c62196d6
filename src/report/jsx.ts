import type * as React from 'react'
import type * as JsxRuntime from 'react/jsx-runtime'

/**
 * The JSX factory of the report's components (each starts with `@jsxRuntime classic`, `@jsx h`),
 * handing each element to React's automatic runtime: `createElement` would have React warn of an
 * outdated JSX transform on every build. The runtime is loaded only when a report is drawn
 * (`loadReact`): with the automatic transform, esbuild hoists `import 'react/jsx-runtime'` to the
 * top of lib/citypress.mjs, and every command, `--help` included, would load React at start-up.
 */
let runtime: typeof JsxRuntime | undefined

export async function loadReact(): Promise<{ readonly renderToStaticMarkup: (element: React.ReactNode) => string }> {
  runtime ??= await import('react/jsx-runtime')
  return import('react-dom/server')
}

export function h(type: React.ElementType, props: Record<string, unknown> | null, ...children: React.ReactNode[]): React.ReactElement {
  if (!runtime) throw new Error('loadReact() must be awaited before a report component is drawn')
  // __source and __self: what a development transform (vitest's) adds for createElement, which drops them.
  const { key, __source: _source, __self: _self, ...rest } = props ?? {}
  const given = key === undefined ? undefined : String(key)
  // Several children written side by side are static (jsxs): only lists made by map() need keys.
  if (children.length > 1) return runtime.jsxs(type, { ...rest, children }, given)
  return runtime.jsx(type, children.length === 1 ? { ...rest, children: children[0] } : rest, given)
}

export const Fragment = Symbol.for('react.fragment') as unknown as React.ExoticComponent<{ children?: React.ReactNode }>

/**
 * Where TypeScript looks up what JSX in these files may contain (the factory's own `JSX`
 * namespace): React's, as @types/react/jsx-runtime.d.ts declares it.
 */
export declare namespace h {
  namespace JSX {
    type ElementType = React.JSX.ElementType
    interface Element extends React.JSX.Element {}
    interface ElementClass extends React.JSX.ElementClass {}
    interface ElementAttributesProperty extends React.JSX.ElementAttributesProperty {}
    interface ElementChildrenAttribute extends React.JSX.ElementChildrenAttribute {}
    type LibraryManagedAttributes<C, P> = React.JSX.LibraryManagedAttributes<C, P>
    interface IntrinsicAttributes extends React.JSX.IntrinsicAttributes {}
    interface IntrinsicClassAttributes<T> extends React.JSX.IntrinsicClassAttributes<T> {}
    interface IntrinsicElements extends React.JSX.IntrinsicElements {}
  }
}
