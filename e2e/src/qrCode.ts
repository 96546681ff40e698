import type { Locator } from '@playwright/test'
import jsQRModule from 'jsqr'

// jsqr is CommonJS: its default import is the module, whose `default` is the decoder.
const jsQR = jsQRModule.default

/**
 * Reads the QR code an element shows as a phone camera would: a PNG screenshot of the element,
 * turned into pixels by a blank page's canvas, decoded by jsQR. Undefined when no code is found.
 */
export async function readQrCode(element: Locator): Promise<string | undefined> {
  const png = await element.screenshot()
  const page = await element.page().context().newPage()
  try {
    const image = await page.evaluate(
      async (src) => {
        const img = new Image()
        img.src = src
        await img.decode()
        const canvas = document.createElement('canvas')
        canvas.width = img.naturalWidth
        canvas.height = img.naturalHeight
        const context = canvas.getContext('2d')
        if (!context) throw new Error('No 2D canvas.')
        context.drawImage(img, 0, 0)
        const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height)
        return { data: Array.from(data), width, height }
      },
      `data:image/png;base64,${png.toString('base64')}`,
    )
    return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data
  } finally {
    await page.close()
  }
}
