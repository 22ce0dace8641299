Pod::Spec.new do |s|
  s.name             = 'contoso_sign_in'
  s.version          = '0.3.0'
  s.summary          = "Contoso's sign-in for Flutter apps."
  s.source_files     = 'Classes/**/*'
  s.dependency 'Flutter'
  s.dependency 'MSAL', '~> 1.6'
  s.platform         = :ios, '15.0'
end
