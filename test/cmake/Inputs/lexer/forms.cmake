# Every lexical form of cmake-language(7), one per line where possible.
cmake_minimum_required(VERSION 3.21)
  Set ( unquoted a\ b a\;b a;b ${VAR} $ENV{ROCM_PATH}/lib ${A}${B}x )
set(quoted "plain" "esc \"q\" \\\\ \t \n \r \;" "multi
line" "cont\
inued" "${V} $ENV{X}")
set(bracket [[zero]] [=[one ]] inside]=] [==[
first newline dropped
]==])
#[[ bracket comment
spanning lines ]]
#[=[ level one ]] ]=] # line comment after it
if((A OR B) AND NOT (C))
endif()
message(a # comment inside arguments
  #[[ bracket comment inside ]] b)
set(legacy -Da="b c" $(MAKE)x a[b=c)
set(quoted_then_unquoted "a"b)
no_args()
