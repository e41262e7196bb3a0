// What a public form tells its visitor, in the visitor's language (spec 4.12: "field errors ... in
// the visitor's language"): the messages under field ids of a 422, the envelope's message of a
// form's 422, and the standard thank-you when the form has none of its own. Codes and field ids
// never change with the language (spec 7.1); these texts may.
import type { Language } from '../../errors/messages.ts';

type Texts = Record<Language, string>;

export const FIELD_MESSAGES = {
  required: { en: 'Fill in this field.', ru: 'Заполните это поле.', uz: "Bu maydonni to'ldiring." },
  phone: {
    en: 'Enter a phone number, for example +998 90 123 45 67.',
    ru: 'Укажите номер телефона, например +998 90 123 45 67.',
    uz: 'Telefon raqamini kiriting, masalan +998 90 123 45 67.',
  },
  email: { en: 'Enter a valid email address.', ru: 'Укажите корректный email.', uz: "To'g'ri email manzilini kiriting." },
  number: { en: 'Enter a number.', ru: 'Введите число.', uz: 'Son kiriting.' },
  date: { en: 'Enter a date as YYYY-MM-DD.', ru: 'Укажите дату в виде ГГГГ-ММ-ДД.', uz: 'Sanani YYYY-MM-DD shaklida kiriting.' },
  option: { en: 'Choose one of the options.', ru: 'Выберите один из вариантов.', uz: 'Variantlardan birini tanlang.' },
  invalid: { en: 'This answer is not valid.', ru: 'Недопустимый ответ.', uz: "Bu javob noto'g'ri." },
  card: {
    en: 'Card numbers are not accepted.',
    ru: 'Номера банковских карт не принимаются.',
    uz: 'Bank karta raqamlari qabul qilinmaydi.',
  },
  too_long: { en: 'At most 5,000 characters.', ru: 'Не более 5000 символов.', uz: "Ko'pi bilan 5000 ta belgi." },
  too_many_choices: { en: 'At most 100 choices.', ru: 'Не более 100 вариантов.', uz: "Ko'pi bilan 100 ta variant." },
  unknown: { en: 'This form has no such field.', ru: 'В форме нет такого поля.', uz: "Formada bunday maydon yo'q." },
  too_many_answers: { en: 'At most 40 answers.', ru: 'Не более 40 ответов.', uz: "Ko'pi bilan 40 ta javob." },
  contact: { en: 'Leave a phone number or an email.', ru: 'Оставьте телефон или email.', uz: 'Telefon raqami yoki email qoldiring.' },
  consent: {
    en: 'Please give your consent to send the form.',
    ru: 'Чтобы отправить форму, дайте согласие.',
    uz: 'Formani yuborish uchun roziligingizni bildiring.',
  },
} satisfies Record<string, Texts>;

export type FieldProblem = keyof typeof FIELD_MESSAGES;

/** The envelope's `message` of a form's `validation_failed`. */
export const CHECK_THE_FORM: Texts = { en: "Check the form's fields.", ru: 'Проверьте поля формы.', uz: 'Forma maydonlarini tekshiring.' };

/** The thank-you of a form whose texts have no `success`. */
export const DEFAULT_SUCCESS: Texts = {
  en: 'Thank you! We will contact you soon.',
  ru: 'Спасибо! Мы скоро с вами свяжемся.',
  uz: "Rahmat! Tez orada siz bilan bog'lanamiz.",
};

/** The 404 page of a hosted form. */
export const FORM_UNAVAILABLE_PAGE: Texts = { en: 'This form is not available.', ru: 'Эта форма недоступна.', uz: 'Bu forma mavjud emas.' };
