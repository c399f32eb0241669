// The validation messages in Spanish: the keys and arguments of src/i18n/en/validation.ts.
import type { ValidationMessages } from "../en/validation.ts";

export const validation: ValidationMessages = {
  email: "Escriba un correo electrónico válido",
  required: "Este campo es obligatorio.",
  phone: "El número de teléfono debe tener 10 u 11 dígitos",
  unit: "El número de apartamento, unidad o suite es obligatorio",
  name: "Escriba su nombre y apellido.",
  numeric: "Escriba solo números.",
  maxLimit: "Ha llegado al límite de caracteres.",
  exceeding: (max) => `Escriba como máximo ${max} caracteres`,
  wholeNumber: "Escriba un número entero.",
  validNumber: "Escriba un número válido.",
  atLeast: (min) => `Escriba un número mayor o igual que ${min}.`,
  atMost: (max) => `Escriba un número menor o igual que ${max}.`,
  chooseAddress: "Elija una dirección de la lista.",
};

