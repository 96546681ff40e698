import type { OnrampAmountMessageKey } from '@latch/core'
import type { LocaleCode } from '../i18n/locales.ts'

/**
 * The Buy view's texts in every language Latch ships. They live in the view's own chunk, not
 * in the page's message tables, so the page's first chunk (whose English table every page
 * loads) does not grow by a view most visits never open. `{placeholders}` as in the tables.
 */
const english = {
  currency: 'Buy',
  currencyOption: '{symbol} on {network}',
  amount: 'Amount',
  fiatCurrency: 'Pay in',
  presets: 'Preset amounts',
  method: 'Payment method',
  'method.card': 'Card',
  'method.ach_bank_account': 'Bank account',
  limits: '{min}–{max} {currency}',
  quotes: 'Quotes',
  quotesLoading: 'Getting quotes…',
  quotesFailed: 'No quote is available right now. Try another amount or try again later.',
  receive: '≈ {amount} {symbol}',
  fee: 'Fee {amount}',
  estimated: 'Estimated',
  estimatedHint: 'The provider did not answer: estimated from the market price.',
  fallback: 'The providers did not answer: showing the default options.',
  optionsFailed: 'Buy options could not be loaded.',
  restricted: 'Buying crypto is not available in your region.',
  retry: 'Try again',
  continue: 'Continue to {provider}',
  opening: 'Opening {provider}…',
  waiting: 'Complete the purchase in the {provider} window',
  waitingHint: 'This view updates when the coins arrive.',
  cancel: 'Cancel',
  purchased: 'Purchase complete',
  received: '{amount} {symbol} arrived from {provider}.',
  done: 'Done',
  toast: 'Bought {amount} {symbol}',
  timeout: 'No purchase has arrived yet',
  timeoutHint: 'If you paid, the coins show in Activity when they arrive.',
  back: 'Back',
  urlFailed: "{provider}'s checkout could not be opened. Try again.",
  amountRequired: 'Enter an amount',
  invalidAmount: 'Enter a number above 0, such as 100',
  belowMinimum: 'The minimum for {method} is {min} {currency}',
  aboveMaximum: 'The maximum for {method} is {max} {currency}',
  methodUnavailable: '{method} is not available in {currency}',
} as const satisfies Record<OnrampAmountMessageKey, string> & Record<string, string>

export type BuyMessageKey = keyof typeof english
type BuyMessages = Record<BuyMessageKey, string>

export const buyMessages: Record<LocaleCode, BuyMessages> = {
  en: english,
  es: {
    currency: 'Comprar',
    currencyOption: '{symbol} en {network}',
    amount: 'Importe',
    fiatCurrency: 'Pagar en',
    presets: 'Importes sugeridos',
    method: 'Método de pago',
    'method.card': 'Tarjeta',
    'method.ach_bank_account': 'Cuenta bancaria',
    limits: '{min}–{max} {currency}',
    quotes: 'Cotizaciones',
    quotesLoading: 'Obteniendo cotizaciones…',
    quotesFailed: 'No hay cotización disponible ahora. Prueba otro importe o inténtalo más tarde.',
    receive: '≈ {amount} {symbol}',
    fee: 'Comisión {amount}',
    estimated: 'Estimada',
    estimatedHint: 'El proveedor no respondió: estimada con el precio de mercado.',
    fallback: 'Los proveedores no respondieron: se muestran las opciones predeterminadas.',
    optionsFailed: 'No se pudieron cargar las opciones de compra.',
    restricted: 'La compra de criptomonedas no está disponible en tu región.',
    retry: 'Intentar de nuevo',
    continue: 'Continuar con {provider}',
    opening: 'Abriendo {provider}…',
    waiting: 'Completa la compra en la ventana de {provider}',
    waitingHint: 'Esta vista se actualiza cuando lleguen las monedas.',
    cancel: 'Cancelar',
    purchased: 'Compra completada',
    received: 'Llegaron {amount} {symbol} de {provider}.',
    done: 'Listo',
    toast: 'Compraste {amount} {symbol}',
    timeout: 'Todavía no ha llegado ninguna compra',
    timeoutHint: 'Si pagaste, las monedas aparecerán en Actividad cuando lleguen.',
    back: 'Atrás',
    urlFailed: 'No se pudo abrir el pago de {provider}. Inténtalo de nuevo.',
    amountRequired: 'Introduce un importe',
    invalidAmount: 'Introduce un número mayor que 0, como 100',
    belowMinimum: 'El mínimo para {method} es {min} {currency}',
    aboveMaximum: 'El máximo para {method} es {max} {currency}',
    methodUnavailable: '{method} no está disponible en {currency}',
  },
  ar: {
    currency: 'شراء',
    currencyOption: '{symbol} على {network}',
    amount: 'المبلغ',
    fiatCurrency: 'الدفع بـ',
    presets: 'مبالغ مقترحة',
    method: 'طريقة الدفع',
    'method.card': 'بطاقة',
    'method.ach_bank_account': 'حساب بنكي',
    limits: '{min}–{max} {currency}',
    quotes: 'عروض الأسعار',
    quotesLoading: 'جارٍ جلب عروض الأسعار…',
    quotesFailed: 'لا يتوفر عرض سعر الآن. جرّب مبلغًا آخر أو حاول لاحقًا.',
    receive: '≈ {amount} {symbol}',
    fee: 'الرسوم {amount}',
    estimated: 'تقديري',
    estimatedHint: 'لم يستجب المزوّد: تقدير من سعر السوق.',
    fallback: 'لم يستجب المزوّدون: تُعرض الخيارات الافتراضية.',
    optionsFailed: 'تعذّر تحميل خيارات الشراء.',
    restricted: 'شراء العملات المشفّرة غير متاح في منطقتك.',
    retry: 'حاول مرة أخرى',
    continue: 'المتابعة إلى {provider}',
    opening: 'جارٍ فتح {provider}…',
    waiting: 'أكمل الشراء في نافذة {provider}',
    waitingHint: 'تتحدّث هذه الصفحة عند وصول العملات.',
    cancel: 'إلغاء',
    purchased: 'اكتمل الشراء',
    received: 'وصل {amount} {symbol} من {provider}.',
    done: 'تم',
    toast: 'تم شراء {amount} {symbol}',
    timeout: 'لم يصل أي شراء بعد',
    timeoutHint: 'إذا دفعت، ستظهر العملات في النشاط عند وصولها.',
    back: 'رجوع',
    urlFailed: 'تعذّر فتح صفحة الدفع لدى {provider}. حاول مرة أخرى.',
    amountRequired: 'أدخل مبلغًا',
    invalidAmount: 'أدخل رقمًا أكبر من 0، مثل 100',
    belowMinimum: 'الحد الأدنى لـ{method} هو {min} {currency}',
    aboveMaximum: 'الحد الأقصى لـ{method} هو {max} {currency}',
    methodUnavailable: '{method} غير متاح بـ{currency}',
  },
}

/** Looks a Buy text up in `locale` and fills its `{placeholders}`. */
export function translateBuy(
  locale: string,
  key: BuyMessageKey,
  values?: Readonly<Record<string, string | number>>,
): string {
  const table = buyMessages[locale as LocaleCode] ?? buyMessages.en
  const text = table[key]
  if (!values) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}

/** The label of a payment method id (`card`, `ach_bank_account`); an unknown one as it is. */
export function paymentMethodLabel(locale: string, id: string): string {
  const key = `method.${id}`
  return key in english ? translateBuy(locale, key as BuyMessageKey) : id
}
