import type { Messages } from './messages.js'

/** citypress's own words in Spanish (neutral Latin American usage, as US customers search). */
export const es: Messages = {
  skipToContent: 'Saltar al contenido',
  allRightsReserved: 'Todos los derechos reservados.',
  cookieSettings: 'Configuración de cookies',
  cookieConsent: 'Consentimiento de cookies',
  consentQuestion: 'Este sitio quiere contar las visitas con un servicio de analítica, que puede usar cookies. ¿Está de acuerdo?',
  consentAccept: 'Aceptar',
  consentDecline: 'Rechazar',
  menu: 'Menú',
  openMenu: 'Abrir menú',
  closeMenu: 'Cerrar menú',
  quickLinks: 'Enlaces rápidos',
  quickLinksLabel: 'Enlaces rápidos',
  allServices: 'Todos los servicios',
  lastUpdated: 'Última actualización:',
  holidayHours: 'Horario de días festivos',
  closed: 'Cerrado',
  tableOfContents: 'Índice',
  notFoundHeading: 'No se encontró esta página.',
  notFoundHelp: 'Puede que la dirección esté mal escrita o que la página se haya movido.',
  goHome: 'Ir a la página de inicio',
  pageNotFound: 'Página no encontrada',
  thankYou: 'Gracias',
  otherAreas: 'Otras zonas',
  learnMore: 'Más información',
}
