// Placeholders painted before an image arrives: its BlurHash decoded into a small canvas
// behind it, over its average colour. Decoding follows the published BlurHash format:
// a base-83 header (components, maximum AC value), the DC colour in sRGB, then each AC
// component quantised to 19 levels per channel.

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~';
const SIZE = 32;

function decode83(text) {
  let value = 0;
  for (const character of text) {
    const digit = DIGITS.indexOf(character);
    if (digit < 0) throw new Error('not a BlurHash digit');
    value = value * 83 + digit;
  }
  return value;
}

const toLinear = (value) => {
  const v = value / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};

const toSRGB = (value) => {
  const v = Math.min(1, Math.max(0, value));
  return Math.round((v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055) * 255);
};

const signedSquare = (value) => Math.sign(value) * value * value;

// RGBA pixels of `width` × `height`, or null when the text is not a valid BlurHash.
export function decodeBlurHash(hash, width, height) {
  if (typeof hash !== 'string' || hash.length < 6 || hash.length > 100) return null;
  try {
    const sizeFlag = decode83(hash[0]);
    const columns = (sizeFlag % 9) + 1;
    const rows = Math.floor(sizeFlag / 9) + 1;
    if (hash.length !== 4 + 2 * columns * rows) return null;
    const maximum = (decode83(hash[1]) + 1) / 166;
    const colours = [];
    const dc = decode83(hash.slice(2, 6));
    colours.push([toLinear(dc >> 16), toLinear((dc >> 8) & 255), toLinear(dc & 255)]);
    for (let index = 1; index < columns * rows; index += 1) {
      const ac = decode83(hash.slice(4 + index * 2, 6 + index * 2));
      colours.push([
        signedSquare((Math.floor(ac / 361) - 9) / 9) * maximum,
        signedSquare(((Math.floor(ac / 19) % 19) - 9) / 9) * maximum,
        signedSquare(((ac % 19) - 9) / 9) * maximum,
      ]);
    }
    const pixels = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (let j = 0; j < rows; j += 1) {
          const vertical = Math.cos((Math.PI * y * j) / height);
          for (let i = 0; i < columns; i += 1) {
            const basis = Math.cos((Math.PI * x * i) / width) * vertical;
            const colour = colours[i + j * columns];
            r += colour[0] * basis;
            g += colour[1] * basis;
            b += colour[2] * basis;
          }
        }
        const offset = 4 * (x + y * width);
        pixels[offset] = toSRGB(r);
        pixels[offset + 1] = toSRGB(g);
        pixels[offset + 2] = toSRGB(b);
        pixels[offset + 3] = 255;
      }
    }
    return pixels;
  } catch {
    return null;
  }
}

const COLOUR = /^#[0-9a-fA-F]{6}$/;

// Paints the placeholder of every frame under `root` that has none yet. Setting a style
// from a script is allowed by the pages' policy, which forbids style attributes in HTML.
export function paintPlaceholders(root) {
  for (const frame of root.querySelectorAll('[data-blurhash], [data-color]')) {
    if (frame.dataset.placeholder === 'painted') continue;
    frame.dataset.placeholder = 'painted';
    if (COLOUR.test(frame.dataset.color ?? '')) frame.style.backgroundColor = frame.dataset.color;
    const pixels = frame.dataset.blurhash ? decodeBlurHash(frame.dataset.blurhash, SIZE, SIZE) : null;
    if (!pixels) continue;
    const canvas = document.createElement('canvas');
    canvas.width = SIZE;
    canvas.height = SIZE;
    canvas.className = 'image-placeholder';
    canvas.setAttribute('aria-hidden', 'true');
    canvas.getContext('2d').putImageData(new ImageData(pixels, SIZE, SIZE), 0, 0);
    frame.prepend(canvas);
  }
}
