import type * as React from 'react'

/**
 * The JSX factory of the report's components (each starts with `@jsxRuntime classic`, `@jsx h`).
 * React is loaded only when a report is drawn (`loadReact`): with the automatic runtime, esbuild
 * hoists `import 'react/jsx-runtime'` to the top of lib/citypress.mjs, and every command, `--help`
 * included, would load React at start-up.
 */
let react: typeof React | undefined

export async function loadReact(): Promise<{ readonly renderToStaticMarkup: (element: React.ReactNode) => string }> {
  react ??= await import('react')
  return import('react-dom/server')
}

export function h(type: React.ElementType, props: Record<string, unknown> | null, ...children: React.ReactNode[]): React.ReactElement {
  if (!react) throw new Error('loadReact() must be awaited before a report component is drawn')
  return react.createElement(type, props, ...children)
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
