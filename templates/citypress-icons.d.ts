declare module 'citypress:icons' {
  /** The Lucide icons the site uses (see src/render/bundle-templates.ts). */
  export const icons: Record<string, import('react').ComponentType<Record<string, unknown>>>
}
