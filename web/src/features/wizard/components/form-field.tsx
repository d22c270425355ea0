export { TextField, type TextFieldProps } from '@/components/ui/text-field';
