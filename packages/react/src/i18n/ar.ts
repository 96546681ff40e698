import type { Messages } from './en.ts'

/** Arabic (right-to-left). */
export const ar: Messages = {
  'connect.button': 'ربط المحفظة',
  'connect.title': 'ربط المحفظة',
  'modal.close': 'إغلاق',
  'modal.back': 'رجوع',
  'connecting.continueIn': 'تابع في {wallet}',
  'connecting.declinedTitle': 'تم رفض الاتصال',
  'connecting.failedTitle': 'فشل الاتصال',
  'connecting.incomplete': 'لم يكتمل الاتصال.',
  'connecting.tryAgain': 'حاول مرة أخرى',
  'walletConnect.copyLink': 'نسخ الرابط',
  'walletConnect.linkCopied': 'تم نسخ الرابط.',
  'walletConnect.qrLabel': 'رمز QR لـ WalletConnect',
  'error.userRejected': 'تم رفض الاتصال في المحفظة.',
  'error.tokenBalanceUnavailable': 'رصيد الرموز غير متاح',
  'error.projectIdNotConfigured': 'لم يتم تكوين معرّف المشروع',
  'error.invalidAppConfiguration': 'تكوين التطبيق غير صالح',
  'error.failedToDisconnect': 'فشل قطع الاتصال',
  'error.chainNotSupported': 'الشبكة غير مدعومة',
  'error.generic': 'حدث خطأ ما',
}
