import { describe, expect, it } from 'vitest';
import { checkAba, checkBrazilTaxId, checkCpf, checkCurp } from './taxid';

// The vectors of internal/taxid's tests: the browser answers as the server does.
describe('taxid (as internal/taxid)', () => {
  it('checks a CPF', () => {
    expect(checkCpf('390.533.447-05')).toBeNull();
    expect(checkCpf('529 982 247/25')).toBeNull();
    expect(checkCpf('529\u00a0982\u00a0247-25')).toBeNull();
    expect(checkCpf('231.002.999-00')).toBe('checkDigit');
    expect(checkCpf('390.533.447-15')).toBe('checkDigit');
    expect(checkCpf('390.533.447-06')).toBe('checkDigit');
    expect(checkCpf('390.533.447-0')).toBe('length');
    expect(checkCpf('111.111.111-11')).toBe('format');
    expect(checkCpf('3905334470a')).toBe('format');
  });

  it('checks a CPF or a CNPJ', () => {
    expect(checkBrazilTaxId('00000000000191')).toBeNull();
    expect(checkBrazilTaxId('90.021.382/0001-22')).toBeNull();
    expect(checkBrazilTaxId('00000000000192')).toBe('checkDigit');
    expect(checkBrazilTaxId('0000000000019L')).toBe('format');
    expect(checkBrazilTaxId('12345')).toBe('length');
  });

  it('checks a CURP', () => {
    for (const c of ['HEGG560427MVZRRL04', 'BEML920313HMCLNS09', 'AAAA000101HDFCCC09', 'toma880125hmnrrn02']) {
      expect(checkCurp(c)).toBeNull();
    }
    expect(checkCurp('HEGG560427MVZRRL05')).toBe('checkDigit');
    expect(checkCurp('HEGG560427MVZRRL0')).toBe('length');
    expect(checkCurp('HEGG561327MVZRRL04')).toBe('date');
    expect(checkCurp('HEGG560427MXXRRL04')).toBe('format');
    expect(checkCurp('ÑEGG560427MVZRRL04')).toBe('format');
  });

  it('checks a routing number', () => {
    for (const r of ['021000021', '011000015', '121000358', '026009593', '111000025', ' 0210-0002-1 ']) {
      expect(checkAba(r)).toBeNull();
    }
    expect(checkAba('112000025')).toBe('checkDigit');
    expect(checkAba('021000022')).toBe('checkDigit');
    expect(checkAba('02100002')).toBe('length');
    expect(checkAba('021.000.021')).toBe('format');
    expect(checkAba('000000000')).toBeNull();
  });
});
