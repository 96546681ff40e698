import type { Messages } from './en.ts'

/** Spanish. */
export const es: Messages = {
  'connect.button': 'Conectar billetera',
  'connect.title': 'Conectar billetera',
  'modal.close': 'Cerrar',
  'modal.back': 'Atrás',
  'connecting.continueIn': 'Continúa en {wallet}',
  'connecting.declinedTitle': 'Conexión rechazada',
  'connecting.failedTitle': 'La conexión falló',
  'connecting.incomplete': 'La conexión no se completó.',
  'connecting.tryAgain': 'Intentar de nuevo',
  'walletConnect.copyLink': 'Copiar enlace',
  'walletConnect.linkCopied': 'Enlace copiado.',
  'walletConnect.qrLabel': 'Código QR de WalletConnect',
  'error.userRejected': 'Conexión rechazada en la billetera.',
  'error.tokenBalanceUnavailable': 'Saldo de tokens no disponible',
  'error.projectIdNotConfigured': 'ID de proyecto no configurado',
  'error.invalidAppConfiguration': 'Configuración de la aplicación no válida',
  'error.failedToDisconnect': 'No se pudo desconectar',
  'error.chainNotSupported': 'La red no es compatible',
  'error.generic': 'Algo salió mal',
}
